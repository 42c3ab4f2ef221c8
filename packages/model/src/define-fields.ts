import type { Privilege } from './security/privileges.ts';

// Labels, option sets and field declarations: the part of the metadata engine that option sets and
// field builders need, kept apart from defineEntity so that what an entity brings (approval fields)
// can be built from option sets without an import circle.

export const LANGS = ['zh-CN', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];
export type Label = Record<Lang, string>;

// A function declaration: option sets evaluated while this module is still loading (approval-field-defs.ts) may call it.
export function label(zh: string, en: string): Label {
  return { 'zh-CN': zh, 'en-US': en };
}

export interface OptionDef {
  value: number;
  label: Label;
  color?: string;
}

export interface OptionSetDef<V extends number = number> {
  name: string;
  label: Label;
  options: readonly (OptionDef & { value: V })[];
}

export function defineOptionSet<const O extends readonly OptionDef[]>(
  name: string,
  setLabel: Label,
  options: O,
): OptionSetDef<O[number]['value']> {
  return { name, label: setLabel, options } as OptionSetDef<O[number]['value']>;
}

type NamedOption = Omit<OptionDef, 'value'> & { value: number };

/**
 * An option set whose values also have names, so code says `deliveryState.shipped`, not `6`
 * (the numbers stay the specification's). The names must not be `name`, `label` or `options`.
 */
export function defineNamedOptionSet<const O extends Record<string, NamedOption>>(
  name: string,
  setLabel: Label,
  options: O,
): OptionSetDef<O[keyof O]['value']> & { readonly [K in keyof O]: O[K]['value'] } {
  for (const k of ['name', 'label', 'options']) if (k in options) throw new Error(`option name ${k} is reserved (${name})`);
  const list = Object.values(options) as (OptionDef & { value: O[keyof O]['value'] })[];
  const byName = Object.fromEntries(Object.entries(options).map(([k, o]) => [k, o.value]));
  return { name, label: setLabel, options: list, ...byName } as OptionSetDef<O[keyof O]['value']> & {
    readonly [K in keyof O]: O[K]['value'];
  };
}

/** Named validation patterns of spec 001 §5; the server and the forms share them. */
export type PatternName = 'mobile' | 'phone' | 'email' | 'idcard' | 'integer' | 'uinteger' | 'numeric' | 'unumeric' | 'url';

interface FieldBase {
  label: Label;
  required?: boolean;
  /** A bool field of the same row: where it is true the field is not required (an overseas order's province). */
  requiredUnless?: string;
  /** Quick search looks in these fields. */
  searchable?: boolean;
  /**
   * Owned by a command, a calculation or another party (status, approval, amounts decided by head
   * office, receipts, shipping, stamps, numbers): set by the server only, never accepted from a
   * client write (issue 23).
   */
  readOnly?: boolean;
  /**
   * Who may write this field through the generic record service, and when, beyond the entity's
   * write privilege and edit rule: any one grant that matches allows it (rights add up). A new row
   * is in its edit rule's `initial` state. Without `edit` every writer may write it whenever the
   * row may be edited.
   */
  edit?: FieldGrant | readonly FieldGrant[];
  /** Never sent to a client (password hashes and the like). */
  secret?: boolean;
  /** A B-tree index is created for it (lists filter or order by it). */
  indexed?: boolean;
  unique?: boolean;
  description?: Label;
  /**
   * Kept by the database as `GENERATED ALWAYS AS (<expression>) STORED` over other columns of the
   * same row (model names only), so it can never disagree with them (available = quantity − frozen).
   */
  computed?: string;
}

export interface TextField extends FieldBase {
  type: 'text';
  maxLength: number;
  pattern?: PatternName;
  /**
   * A phone whose rule follows its row (an overseas order's, issue 25): where the bool field
   * `overseas` is true an international number, stored as E.164 and read in the `country` field's
   * country when it has no country code; else `pattern`. The owning module checks and normalises
   * it over the row's whole values (model orderPhone), so the field check leaves it alone.
   */
  phoneByRow?: { overseas: string; country: string };
}
export interface MemoField extends FieldBase {
  type: 'memo';
  maxLength: number;
}
export interface IntField extends FieldBase {
  type: 'int';
  min?: number;
  max?: number;
}
export interface DecimalField extends FieldBase {
  type: 'decimal';
  precision: number;
  min?: number;
  max?: number;
}
export interface MoneyField extends FieldBase {
  type: 'money';
  min?: number;
  max?: number;
}
export interface BoolField extends FieldBase {
  type: 'bool';
  trueLabel?: Label;
  falseLabel?: Label;
}
export interface DateTimeField extends FieldBase {
  type: 'datetime';
}
export interface DateField extends FieldBase {
  type: 'date';
}
export interface OptionSetField extends FieldBase {
  type: 'optionset';
  optionSet: OptionSetDef;
}
export interface LookupField extends FieldBase {
  type: 'lookup';
  target: string;
  /**
   * Picking a record fills these fields of the row from it: { row field: target field } of the
   * same type (a work order's product fills its product line and model). Forms set them visibly
   * and leave them editable; the entity's domain hook fills what a write left empty.
   */
  fills?: Record<string, string>;
}
/** A small image kept inline as a data URL (profile photos, worker images). */
export interface ImageField extends FieldBase {
  type: 'image';
  maxBytes: number;
}

export type FieldDef =
  | TextField
  | MemoField
  | IntField
  | DecimalField
  | MoneyField
  | BoolField
  | DateTimeField
  | DateField
  | OptionSetField
  | LookupField
  | ImageField;

type Opts<F> = Omit<F, 'type' | 'label'>;
export const text = (l: Label, o: Partial<Opts<TextField>> = {}): TextField => ({ type: 'text', label: l, maxLength: 100, ...o });
export const memo = (l: Label, o: Partial<Opts<MemoField>> = {}): MemoField => ({ type: 'memo', label: l, maxLength: 2000, ...o });
export const int = (l: Label, o: Opts<IntField> = {}): IntField => ({ type: 'int', label: l, ...o });
export const decimal = (l: Label, o: Partial<Opts<DecimalField>> = {}): DecimalField => ({ type: 'decimal', label: l, precision: 2, ...o });
export const money = (l: Label, o: Opts<MoneyField> = {}): MoneyField => ({ type: 'money', label: l, ...o });
export const bool = (l: Label, o: Opts<BoolField> = {}): BoolField => ({ type: 'bool', label: l, ...o });
export const dateTime = (l: Label, o: Opts<DateTimeField> = {}): DateTimeField => ({ type: 'datetime', label: l, ...o });
export const date = (l: Label, o: Opts<DateField> = {}): DateField => ({ type: 'date', label: l, ...o });
export const optionSet = (os: OptionSetDef, l: Label = os.label, o: Opts<Omit<OptionSetField, 'optionSet'>> = {}): OptionSetField => ({
  type: 'optionset',
  label: l,
  optionSet: os,
  ...o,
});
export const lookup = (target: string, l: Label, o: Opts<Omit<LookupField, 'target'>> = {}): LookupField => ({
  type: 'lookup',
  label: l,
  target,
  ...o,
});
export const image = (l: Label, maxBytes: number, o: Opts<Omit<ImageField, 'maxBytes'>> = {}): ImageField => ({
  type: 'image',
  label: l,
  maxBytes,
  ...o,
});

/** One grant of a field's write rule: the caller holds `privilege` (if set) and the row's state is one of `states` (if set). */
export interface FieldGrant {
  privilege?: Privilege;
  states?: readonly number[];
}
