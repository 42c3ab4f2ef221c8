import { commandGrants, documentStatus, grantPrivileges, msg, type EntityDef, type Lang } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { notFound, refuse } from '../http/errors.ts';
import type { Caller } from '../records/scope.ts';
import { q } from '../records/sql.ts';
import { checkValue } from '../records/validate.ts';
import { ValidationFailed } from '../records/write.ts';
import { assertMayAny, assertParty, lockDocument } from './access.ts';
import type { DocumentController } from './controller.ts';
import type { CommandResult } from './result.ts';
import { refreshTotals } from './totals.ts';
import { emitEvent } from '../integration/webhooks/emit.ts';
import { commandEventType } from '../integration/webhooks/events.ts';

/** The declared inputs a request gave, checked and normalised as the record service would (blank = null). */
function commandInputs(e: EntityDef, names: readonly string[], body: Record<string, unknown>, lang: Lang): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const errors: { field: string; message: string }[] = [];
  for (const n of names) {
    if (!Object.hasOwn(body, n)) continue;
    const v = body[n];
    if (v === null || v === '') {
      out[n] = null;
      continue;
    }
    const r = checkValue(e.allFields[n], v, lang);
    if ('key' in r) errors.push({ field: n, message: msg(r.key, lang, { field: e.allFields[n].label[lang], ...r.params }) });
    else out[n] = r.value;
  }
  if (errors.length) throw new ValidationFailed(errors, lang);
  return out;
}

/**
 * A body key the command neither declares as an input nor its controller reads (`bodies`) is refused,
 * not dropped: `{ payedDate }` for `new_payeddate` was answered 200 with the date lost.
 */
function refuseUnknownKeys(
  c: { inputs?: readonly string[] },
  beyond: { shape: object } | undefined,
  body: Record<string, unknown>,
  lang: Lang,
) {
  const known = new Set([...(c.inputs ?? []), ...Object.keys(beyond?.shape ?? {})]);
  const errors = Object.keys(body)
    .filter((k) => !known.has(k))
    .map((k) => k.slice(0, 100))
    .map((field) => ({ field, message: msg('validation.unknownField', lang, { field }) }));
  if (errors.length) throw new ValidationFailed(errors, lang);
}

/** The privilege or party every grant of a command shares (checked before the state), else undefined. */
const shared = <T>(values: T[]): T | undefined => (values.every((v) => v === values[0]) ? values[0] : undefined);

/**
 * Runs a declared command of a document, in the caller's transaction: the caller's privilege, the
 * document locked in the caller's reach (FOR UPDATE; 404 outside it), the party the command acts
 * for, the document open, the state it starts from (with `grants`, the grant of that state names
 * the privilege and party, checked after it), the controller's business, then one conditional
 * update that writes the inputs and the new state only where the state is still the one read. A
 * refusal changes nothing (the transaction rolls back). Idempotency is the route's (commandRoute).
 */
export async function runCommand(
  sql: Sql,
  caller: Caller,
  ctrl: DocumentController,
  name: string,
  rawId: string,
  body: Record<string, unknown>,
  lang: Lang,
): Promise<CommandResult> {
  const e = ctrl.entity;
  const c = e.document?.commands?.[name];
  const status = documentStatus(e);
  if (!c || !status) throw notFound();
  refuseUnknownKeys(c, ctrl.bodies?.[name], body, lang);
  const grants = commandGrants(c);
  // Privileges compared as one key per grant: a grant listing several is granted by any of them.
  const privilege = shared(grants.map((g) => grantPrivileges(g).join(' ')));
  const party = shared(grants.map((g) => g.party));
  if (privilege) assertMayAny(caller, grantPrivileges(grants[0]));
  ctrl.may?.[name]?.(caller);
  await ctrl.beforeLock?.[name]?.({ sql, caller, entity: e, body, lang });
  const parties = [...new Set(grants.flatMap((g) => (g.party ? [g.party] : [])))];
  const columns = [
    `t.${q(status.field)} AS state`,
    ...(status.closedBy ? [`COALESCE(t.${q(status.closedBy)}, false) AS closed`] : []),
    ...parties.map((f) => `t.${q(f)} AS ${q(`party_${f}`)}`),
  ].join(', ');
  const row = await lockDocument<{ state: number | null; closed?: boolean } & Record<string, unknown>>(sql, caller, e, rawId, columns);
  const partyOf = (f: string) => row[`party_${f}`] as string | null;
  if (party) assertParty(caller, partyOf(party));
  if (row.closed) throw refuse(c.closed ?? 'parts.closed');
  const state = row.state === null ? (status.initial ?? status.editable[0]) : Number(row.state);
  const grant = grants.find((g) => g.from.includes(state));
  if (!grant) {
    // A declared refusal may name the state and the command too (发货单当前状态为“待提交”，不能拣货).
    const shown = status.set.options.find((o) => o.value === state)?.label[lang] ?? String(state);
    throw refuse(c.refused ?? 'documents.commandState', { state: shown, command: msg(c.label, lang) });
  }
  if (grant.party && grant.party !== party) assertParty(caller, partyOf(grant.party));
  if (grantPrivileges(grant).join(' ') !== privilege) assertMayAny(caller, grantPrivileges(grant));
  const inputs = commandInputs(e, c.inputs ?? [], body, lang);
  const ctx = { sql, caller, entity: e, id: row.id, state, inputs, body, lang };
  const out = (await ctrl.commands?.[name]?.(ctx)) ?? undefined;

  // A command without a declared `to` moves where its business says (a receipt: in part or in full).
  const to = c.to ?? out?.to;
  const params: unknown[] = [row.id, caller.principal.userId];
  const set = Object.entries(inputs).map(([n, v]) => `${q(n)} = $${params.push(v)}`);
  if (to !== undefined) set.push(`${q(status.field)} = $${params.push(to)}`);
  const { rowCount } = await sql.query(
    `UPDATE ${q(e.logicalName)} SET ${[...set, 'modifiedon = now()', 'modifiedby = $2::uuid'].join(', ')}
      WHERE ${q(e.primaryKey)} = $1::uuid AND ${q(status.field)} IS NOT DISTINCT FROM ${row.state === null ? 'NULL' : `${Number(row.state)}`}`,
    params,
  );
  // Only the controller's own business can have moved the state under the lock: its command is then not this one.
  if (!rowCount) throw refuse('documents.commandState', { state: String(state), command: msg(c.label, lang) });
  await ctrl.afterMove?.[name]?.(ctx);
  await refreshTotals(sql, e, row.id);
  // The command's webhook event (`<entity>.<command>`), in this transaction: sent only if it commits.
  await emitEvent(sql, e, row.id, commandEventType(e, name), caller.principal.userId);
  return {
    id: row.id,
    state: to ?? state,
    message: out?.message ? msg(out.message, lang, out.messageParams) : msg('documents.commandDone', lang, { command: msg(c.label, lang) }),
    ...(out?.lineId ? { lineId: out.lineId } : {}),
    ...(out?.opens ? { opens: out.opens } : {}),
  };
}
