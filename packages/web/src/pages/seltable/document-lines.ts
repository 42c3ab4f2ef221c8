import { ENTITIES, getEntity, type EntityDef } from '@portal/model';

/** Master data rows (products, stations …) are not documents: their referrers are not their lines. */
const MASTER = new Set([
  'product',
  'new_srv_station',
  'new_srv_warehouse',
  'businessunit',
  'systemuser',
  'new_productline',
  'new_flow',
  'new_flowsteps',
  'new_flowrole',
  'new_srv_partline',
  'new_srv_partsapplydetil',
  'new_srv_parttransdetail',
]);
const LINE_NAME = /(detail|detil|line|item|trouble)$/i;

/**
 * The document an id is shown as on /seltable/view/:id: `?entity=` names it by the model's logical
 * name, accepted only when the registry serves it to the web app (has `access`).
 */
export function documentEntity(name: string | null | undefined): EntityDef | undefined {
  const e = name ? getEntity(name) : undefined;
  return e?.access ? e : undefined;
}

/**
 * A document's lines, from the model: served entities whose name says they are lines (…detail,
 * …line, …item, trouble) with a required lookup to the document — a parts application's parts, a
 * work order's repair items, parts, malfunctions and trips, a contract's lines.
 */
export function documentLines(e: EntityDef): { entity: EntityDef; field: string }[] {
  if (MASTER.has(e.logicalName)) return [];
  return ENTITIES.filter((c) => c.access && c !== e && LINE_NAME.test(c.logicalName)).flatMap((c) =>
    Object.entries(c.allFields)
      .filter(([, f]) => f.type === 'lookup' && f.target === e.logicalName && f.required)
      .map(([field]) => ({ entity: c, field })),
  );
}

/** The columns of a line table: the line entity's first view, without the lookup back to the document. */
export function lineColumns(line: EntityDef, field: string): string[] {
  const view = Object.values(line.views)[0];
  const cols = view?.columns ?? Object.keys(line.fields).slice(0, 8);
  return cols.filter((c) => c !== field && line.allFields[c] && !line.allFields[c].secret);
}

/** The main form's sections (all of them: the record exists), or every declared field as one section. */
export function documentSections(e: EntityDef): { key: string; label: EntityDef['label']; fields: string[] }[] {
  const main = e.forms.main ?? Object.values(e.forms)[0];
  if (main?.length)
    return main.map((s) => ({ key: s.key, label: s.label, fields: s.fields.filter((f) => e.allFields[f] && !e.allFields[f].secret) }));
  return [{ key: 'main', label: e.label, fields: Object.keys(e.fields).filter((f) => !e.allFields[f].secret) }];
}
