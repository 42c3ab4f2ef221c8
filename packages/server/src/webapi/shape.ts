import { getEntity, getEntityBySet, type EntityDef } from '@portal/model';
import { FV } from '../records/format.ts';
import { apiError } from './errors.ts';
import { webApiNames } from './names.ts';

const LOOKUP_NAME = '@Microsoft.Dynamics.CRM.lookuplogicalname';
const NAV_NAME = '@Microsoft.Dynamics.CRM.associatednavigationproperty';

/**
 * A record of the record service as Dataverse answers it: lookups as `_x_value` (their formatted
 * value and, when asked, `lookuplogicalname` / `associatednavigationproperty` beside), an expanded
 * lookup `x_ref` as the navigation property `x`, everything else as it came (fetchXml link
 * columns `alias.attr` too). `@odata.etag` (the row version) stays first.
 */
export function dataverseRecord(e: EntityDef, rec: Record<string, unknown>, lookupNames: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (rec['@odata.etag'] !== undefined) out['@odata.etag'] = rec['@odata.etag'];
  for (const k in rec) {
    if (k === '@odata.etag') continue;
    const v = rec[k];
    const key = keyOf(e, k);
    if (key === null) out[k] = v;
    else if (key.kind === 'annotation') out[key.name] = v;
    else if (key.kind === 'lookup') {
      out[key.name] = v;
      if (v !== null && lookupNames) {
        out[`${key.name}${NAV_NAME}`] = key.navigation;
        out[`${key.name}${LOOKUP_NAME}`] = key.target;
      }
    } else out[key.name] = v && key.target ? dataverseRecord(key.target, v as Record<string, unknown>, lookupNames) : null;
  }
  return out;
}

type KeyName =
  | { kind: 'lookup'; name: string; navigation: string; target: string }
  | { kind: 'annotation'; name: string }
  | { kind: 'expanded'; name: string; target: EntityDef | undefined };

/** What a record key of `e` becomes (null: kept as it is); computed once per entity and key. */
const keyCache = new Map<string, Map<string, KeyName | null>>();
function keyOf(e: EntityDef, k: string): KeyName | null {
  let m = keyCache.get(e.logicalName);
  if (!m) keyCache.set(e.logicalName, (m = new Map()));
  let hit = m.get(k);
  if (hit === undefined) {
    hit = computeKey(e, k);
    // Keys are model names and their annotations; a bounded number per entity.
    if (m.size < 2000) m.set(k, hit);
  }
  return hit;
}

function computeKey(e: EntityDef, k: string): KeyName | null {
  const at = k.indexOf('@');
  const field = at < 0 ? k : k.slice(0, at);
  const f = Object.hasOwn(e.allFields, field) ? e.allFields[field] : undefined;
  if (f?.type === 'lookup') {
    const n = webApiNames(e, field, f);
    return at < 0
      ? { kind: 'lookup', name: n.property, navigation: n.navigation!, target: n.target! }
      : { kind: 'annotation', name: `${n.property}${k.slice(at)}` };
  }
  if (at < 0 && !f && k.endsWith('_ref')) {
    const lf = Object.hasOwn(e.allFields, k.slice(0, -4)) ? e.allFields[k.slice(0, -4)] : undefined;
    if (lf?.type === 'lookup')
      return { kind: 'expanded', name: webApiNames(e, k.slice(0, -4), lf).navigation!, target: getEntity(lf.target) };
  }
  return null;
}

/** `/set(id)`, `set(id)` or the absolute URL of one: the set and the id, else null. */
export function entityRef(v: string): { set: string; id: string } | null {
  const m = /(?:^|\/)([A-Za-z_][A-Za-z0-9_]*)\(\s*'?\{?([0-9A-Fa-f-]{36})\}?'?\s*\)$/.exec(v.trim());
  return m ? { set: m[1], id: m[2].toLowerCase() } : null;
}

/**
 * A create or update body as the record service takes it: instance annotations (`@odata.type`,
 * `@odata.etag`, `x@OData.Community…`) are dropped as Dataverse ignores them; `x@odata.bind` is
 * kept with the reference as `/set(id)` (absolute URLs and batch `$n` references resolved);
 * `_x_value` is not writable in Dataverse and is refused by the service's allow-list like any
 * unknown name. Everything else is checked by validateValues.
 */
export function recordBody(body: unknown, resolveRef: (ref: string) => string | null = () => null): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw apiError(400, 'records.bodyObject');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k.startsWith('@')) continue;
    const at = k.indexOf('@');
    if (at > 0 && k.slice(at) !== '@odata.bind') continue;
    if (at > 0 && typeof v === 'string') {
      const resolved = v.startsWith('$') ? resolveRef(v) : v;
      if (resolved === null) throw apiError(400, 'webapi.contentId', { ref: v.slice(0, 20) });
      const ref = entityRef(resolved);
      out[k] = ref && getEntityBySet(ref.set) ? `/${ref.set}(${ref.id})` : v;
      continue;
    }
    out[k] = v;
  }
  return out;
}

export { FV };
