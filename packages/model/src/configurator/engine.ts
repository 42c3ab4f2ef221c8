/**
 * The configurator's rule engine (issue 29): pure functions over a product definition and a set of
 * chosen options, the same in the browser (what is offered, what is disabled and why, the running
 * price) and on the server (every save is validated again here). Money in fen (分), integers.
 *
 * Rules, between two options A (`option`) and B (`target`):
 * - requires: A needs B. Choosing A brings B along (switching B's single-choice group to it); B
 *   cannot be dropped while A is chosen.
 * - excludes: A and B never go together (both ways).
 * - onlyWith: A is offered only while B is chosen (nothing is brought along).
 * A choice set is valid when no rule is broken, no single-choice group holds two options and every
 * required group holds one; price = base + Σ deltas of the chosen options.
 */

export type CpqRuleKindName = 'requires' | 'excludes' | 'onlyWith';

export interface CpqOptionDef {
  id: string;
  code: string;
  name: string;
  priceDeltaFen: number;
  description?: string | null;
  isDefault?: boolean;
}

export interface CpqGroupDef {
  id: string;
  code: string;
  name: string;
  multiple: boolean;
  required: boolean;
  options: CpqOptionDef[];
}

export interface CpqRuleDef {
  id: string;
  kind: CpqRuleKindName;
  option: string;
  target: string;
  message: string;
}

export interface CpqBomDef {
  /** null: a part of the base unit, in every configuration. */
  option: string | null;
  partNumber: string;
  name: string;
  qty: number;
  uom: string | null;
}

export interface CpqDefinition {
  id: string;
  code: string;
  name: string;
  description: string | null;
  basePriceFen: number;
  groups: CpqGroupDef[];
  rules: CpqRuleDef[];
  bom: CpqBomDef[];
}

/** What breaks a choice set: a rule (with its message), two options in a single-choice group, a required group left empty, an option the product does not have. */
export type CpqProblem =
  | { kind: 'rule'; rule: CpqRuleDef }
  | { kind: 'single'; group: CpqGroupDef }
  | { kind: 'required'; group: CpqGroupDef }
  | { kind: 'unknown'; option: string };

export interface CpqOptionState {
  chosen: boolean;
  /** Not chosen and cannot be: the rule that forbids it. */
  disabledBy?: CpqRuleDef;
  /** Chosen and cannot be dropped: the rule that keeps it. */
  lockedBy?: CpqRuleDef;
}

export interface CpqBomLine {
  partNumber: string;
  name: string;
  qty: number;
  uom: string | null;
}

export interface CpqEvaluation {
  options: Record<string, CpqOptionState>;
  problems: CpqProblem[];
  complete: boolean;
  valid: boolean;
  priceFen: number;
  bom: CpqBomLine[];
}

/** The definition's lookups, built once per definition (a product of 50 options is evaluated on every click). */
interface Index {
  groupOf: Map<string, CpqGroupDef>;
  option: Map<string, CpqOptionDef>;
  requires: Map<string, CpqRuleDef[]>;
}
const indexes = new WeakMap<CpqDefinition, Index>();

function indexOf(def: CpqDefinition): Index {
  let ix = indexes.get(def);
  if (ix) return ix;
  ix = { groupOf: new Map(), option: new Map(), requires: new Map() };
  for (const g of def.groups)
    for (const o of g.options) {
      ix.groupOf.set(o.id, g);
      ix.option.set(o.id, o);
    }
  for (const r of def.rules) if (r.kind === 'requires') ix.requires.set(r.option, [...(ix.requires.get(r.option) ?? []), r]);
  indexes.set(def, ix);
  return ix;
}

const broken = (r: CpqRuleDef, s: ReadonlySet<string>): boolean =>
  r.kind === 'excludes' ? s.has(r.option) && s.has(r.target) : s.has(r.option) && !s.has(r.target);

/** The rules a choice set breaks, in declaration order. */
export const brokenRules = (def: CpqDefinition, chosen: Iterable<string>): CpqRuleDef[] => {
  const s = new Set(chosen);
  return def.rules.filter((r) => broken(r, s));
};

/** Everything wrong with a choice set, rules first (the server refuses with the first). */
export function problemsOf(def: CpqDefinition, chosen: Iterable<string>): CpqProblem[] {
  const ix = indexOf(def);
  const s = new Set(chosen);
  const out: CpqProblem[] = [];
  for (const id of s) if (!ix.option.has(id)) out.push({ kind: 'unknown', option: id });
  for (const r of def.rules) if (broken(r, s)) out.push({ kind: 'rule', rule: r });
  for (const g of def.groups) {
    const n = g.options.filter((o) => s.has(o.id)).length;
    if (!g.multiple && n > 1) out.push({ kind: 'single', group: g });
    if (g.required && n === 0) out.push({ kind: 'required', group: g });
  }
  return out;
}

/**
 * Chooses an option: in a single-choice group it replaces the group's choice; then what it requires
 * is brought along (recursively), never displacing an option chosen in this step. What cannot be
 * brought along stays a broken rule of the result (the caller sees the option disabled).
 */
export function choose(def: CpqDefinition, chosen: Iterable<string>, optionId: string): string[] {
  const ix = indexOf(def);
  const s = new Set(chosen);
  const pinned = new Set<string>();
  const put = (id: string): boolean => {
    const g = ix.groupOf.get(id);
    if (!g) return false;
    if (!g.multiple) {
      const other = g.options.find((o) => o.id !== id && s.has(o.id));
      if (other && pinned.has(other.id)) return false;
      if (other) s.delete(other.id);
    }
    s.add(id);
    pinned.add(id);
    return true;
  };
  if (!put(optionId)) return [...s];
  const queue = [optionId];
  while (queue.length) {
    const id = queue.shift()!;
    for (const r of ix.requires.get(id) ?? []) if (!s.has(r.target) && put(r.target)) queue.push(r.target);
  }
  return order(def, s);
}

/** Drops an option (a multiple-choice group's, or an optional single-choice group's). */
export const unchoose = (def: CpqDefinition, chosen: Iterable<string>, optionId: string): string[] =>
  order(def, new Set([...chosen].filter((id) => id !== optionId)));

/** The chosen ids in the definition's order (groups, then options), unknown ids last. */
function order(def: CpqDefinition, s: ReadonlySet<string>): string[] {
  const known = def.groups.flatMap((g) => g.options.map((o) => o.id)).filter((id) => s.has(id));
  const ix = indexOf(def);
  return [...known, ...[...s].filter((id) => !ix.option.has(id))];
}

/** The options chosen by default, each through `choose` so their requirements come along. */
export function initialChoices(def: CpqDefinition): string[] {
  let s: string[] = [];
  for (const g of def.groups)
    for (const o of g.options) {
      if (!o.isDefault || s.includes(o.id)) continue;
      const next = choose(def, s, o.id);
      if (brokenRules(def, next).length === 0) s = next;
    }
  return s;
}

export const priceOf = (def: CpqDefinition, chosen: Iterable<string>): number => {
  const ix = indexOf(def);
  let fen = def.basePriceFen;
  for (const id of new Set(chosen)) fen += ix.option.get(id)?.priceDeltaFen ?? 0;
  return fen;
};

/** The bill of materials: the base unit's parts and the chosen options' parts, one line per part number. */
export function bomOf(def: CpqDefinition, chosen: Iterable<string>): CpqBomLine[] {
  const s = new Set(chosen);
  const lines = new Map<string, CpqBomLine>();
  for (const b of def.bom) {
    if (b.option !== null && !s.has(b.option)) continue;
    const had = lines.get(b.partNumber);
    if (had) had.qty += b.qty;
    else lines.set(b.partNumber, { partNumber: b.partNumber, name: b.name, qty: b.qty, uom: b.uom });
  }
  return [...lines.values()];
}

/**
 * Everything the configuration page shows for a choice set: per option whether it is chosen, and
 * if not whether choosing it would break a rule the current set does not (then disabled, with
 * that rule); per chosen option whether a rule keeps it; the problems, completeness, price, BOM.
 */
export function evaluate(def: CpqDefinition, chosen: Iterable<string>): CpqEvaluation {
  const s = new Set(chosen);
  const already = new Set(brokenRules(def, s).map((r) => r.id));
  const options: Record<string, CpqOptionState> = {};
  for (const g of def.groups)
    for (const o of g.options) {
      if (s.has(o.id)) {
        const keeper = def.rules.find((r) => r.kind !== 'excludes' && r.target === o.id && s.has(r.option));
        options[o.id] = keeper && (g.multiple || !g.required) ? { chosen: true, lockedBy: keeper } : { chosen: true };
        continue;
      }
      const next = new Set(choose(def, s, o.id));
      const fresh = def.rules.find((r) => !already.has(r.id) && broken(r, next));
      options[o.id] = fresh ? { chosen: false, disabledBy: fresh } : { chosen: false };
    }
  const problems = problemsOf(def, s);
  return {
    options,
    problems,
    complete: !problems.some((p) => p.kind === 'required'),
    valid: problems.length === 0,
    priceFen: priceOf(def, s),
    bom: bomOf(def, s),
  };
}

/** Fen as a money column's text: 123450 → "1234.50". */
export const fenToAmount = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const a = Math.abs(Math.round(fen));
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};

/** "1234.5" (a money column's text) → fen. */
export const amountToFen = (amount: string | number | null | undefined): number =>
  amount === null || amount === undefined || amount === '' ? 0 : Math.round(Number(amount) * 100);
