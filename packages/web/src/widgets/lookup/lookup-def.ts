import { getEntity } from '@portal/model';
import type { LookupCondition } from '../../api/lookup.ts';

/** spec 000 §2: entity, name field, id field, display fields, order-by, conditions, filter and return fields. */
export interface LookupDef {
  entityName: string;
  nameField?: string;
  idField?: string;
  displayFields?: string[];
  orderBy?: string;
  conditions?: LookupCondition[];
  filterFields?: string[];
  returnFields?: string[];
  /** Dialog title; "选择<entity>" by default. */
  title?: string;
}

export type ResolvedLookupDef = Required<Omit<LookupDef, 'title'>> & { title?: string };

/** One chosen record: spec 000 §3 lookup result (id and name), plus the returned fields. */
export interface LookupRecord {
  id: string;
  name: string;
  row?: Record<string, unknown>;
}

/** Display columns per entity that read better than the bare default (name, created on). */
const PRESETS: Record<string, Partial<LookupDef>> = {
  new_srv_station: {
    displayFields: ['new_name', 'new_code', 'new_province', 'new_city', 'new_siteowner'],
    filterFields: ['new_name', 'new_code'],
    orderBy: 'new_code asc',
  },
  new_srv_worker: {
    displayFields: ['new_name', 'new_code', 'new_phone', 'new_station_id'],
    filterFields: ['new_name', 'new_code', 'new_phone'],
  },
  product: {
    displayFields: ['name', 'productnumber', 'new_model', 'new_uom'],
    filterFields: ['name', 'productnumber', 'new_model'],
    orderBy: 'productnumber asc',
  },
  new_productline: { displayFields: ['new_name', 'new_code'], filterFields: ['new_name', 'new_code'], orderBy: 'new_code asc' },
  new_srv_warehouse: {
    displayFields: ['new_name', 'new_code', 'new_type', 'new_businessunit_id'],
    filterFields: ['new_name', 'new_code'],
    orderBy: 'new_code asc',
  },
  businessunit: { displayFields: ['name', 'new_code', 'new_type'], filterFields: ['name', 'new_code'], orderBy: 'new_code asc' },
  systemuser: {
    displayFields: ['fullname', 'domainname', 'mobilephone', 'businessunitid'],
    filterFields: ['fullname', 'domainname', 'mobilephone'],
    orderBy: 'domainname asc',
  },
};

/** Fills the defaults: name field new_name (or the model's), id field = entity name + id, createdon desc. */
export function resolveLookup(def: LookupDef): ResolvedLookupDef {
  const e = getEntity(def.entityName);
  const preset = PRESETS[def.entityName] ?? {};
  const nameField = def.nameField ?? preset.nameField ?? e?.primaryName ?? 'new_name';
  const idField = def.idField ?? e?.primaryKey ?? `${def.entityName}id`;
  const displayFields = def.displayFields ?? preset.displayFields ?? [nameField, 'createdon'];
  return {
    entityName: def.entityName,
    nameField,
    idField,
    displayFields,
    orderBy: def.orderBy ?? preset.orderBy ?? 'createdon desc',
    conditions: def.conditions ?? [],
    filterFields: def.filterFields ?? preset.filterFields ?? [nameField],
    returnFields: def.returnFields ?? [],
    title: def.title,
  };
}

/** The fields to ask for: id, name, display and return fields, once each. */
export const selectOf = (d: ResolvedLookupDef) => [...new Set([d.idField, d.nameField, ...d.displayFields, ...d.returnFields])];

/** The picker shows the first 2 tags, then +N (spec 000 §2, 001 §9). */
export const SHOWN_TAGS = 2;
export function tagsToShow<T>(records: T[]): { shown: T[]; more: number } {
  return { shown: records.slice(0, SHOWN_TAGS), more: Math.max(0, records.length - SHOWN_TAGS) };
}

/** spec 000 §9: page size 20, options 10 to 50, table height 430. */
export const LOOKUP_PAGE_SIZE = 20;
export const LOOKUP_PAGE_SIZES = [10, 20, 30, 40, 50];
export const LOOKUP_TABLE_HEIGHT = 430;
