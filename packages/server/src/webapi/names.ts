import type { EntityDef, FieldDef } from '@portal/model';

/**
 * How the Web API names the model's fields (Dataverse's convention; docs/decisions.md "Issue 30 —
 * Web API"). A lookup `x` of the model is read as `_x_value` (its GUID), written as
 * `x@odata.bind: "/<target set>(<id>)"` (or the plain `x: "<id>"` the portal takes), and `x` itself
 * is the single-valued navigation property `$expand=x(...)` fills. Every other field keeps its name.
 * $metadata (metadata*.ts) and the Web API's reads and writes take the names from here only.
 */
export interface WebApiFieldNames {
  /** The structural property a read answers (`_x_value` for a lookup, else the field's name). */
  property: string;
  /** A lookup's navigation property (`$expand`, `@odata.bind`), named as the model's field. */
  navigation?: string;
  /** A lookup's write key: `x@odata.bind`. */
  bind?: string;
  /** A lookup's target entity (logical name): `_x_value@Microsoft.Dynamics.CRM.lookuplogicalname`. */
  target?: string;
}

export function webApiNames(_e: EntityDef, name: string, f: FieldDef | undefined): WebApiFieldNames {
  if (f?.type !== 'lookup') return { property: name };
  return { property: `_${name}_value`, navigation: name, bind: `${name}@odata.bind`, target: f.target };
}

/** The namespace of the entity types, complex types and actions (as Dataverse's). */
export const NAMESPACE = 'Microsoft.Dynamics.CRM';

/** The path prefix the Web API is served under. */
export const WEB_API_PREFIX = '/api/data/v9.2';
