import { IDENT, type EntityDef, type FieldDef } from '@portal/model';
import { scopePredicate, type Caller, type ScopeMode } from './scope.ts';

/** A quoted SQL identifier; only model names (checked against IDENT) ever get here. */
export function q(name: string): string {
  if (!IDENT.test(name)) throw new Error(`invalid identifier: ${name}`);
  return `"${name}"`;
}

/** Bound parameters of one statement: values never enter the SQL text. */
export class Params {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder, with a cast when given. */
  add(v: unknown, cast?: string): string {
    this.values.push(v);
    return `$${this.values.length}${cast ? `::${cast}` : ''}`;
  }
  /** The caller's scope predicate for `e` under `alias`, its parameters added here; `read` widens to published rows. */
  scope(e: EntityDef, caller: Caller, alias: string, mode: ScopeMode = 'write'): string {
    const s = scopePredicate(
      e,
      { userId: caller.principal.userId, subtree: caller.subtree, privileges: caller.principal.privileges },
      this.values.length + 1,
      alias,
      mode,
    );
    this.values.push(...s.params);
    return `(${s.sql})`;
  }
}

/** How a field is compared and cast in SQL. The primary key is declared as text but stored as uuid. */
export type Kind = 'text' | 'memo' | 'int' | 'decimal' | 'money' | 'bool' | 'datetime' | 'date' | 'optionset' | 'lookup' | 'image' | 'guid';

export function kindOf(e: EntityDef, name: string): Kind {
  if (name === e.primaryKey) return 'guid';
  return e.allFields[name].type;
}

export const CAST: Record<Kind, string> = {
  text: 'text',
  memo: 'text',
  int: 'int',
  optionset: 'int',
  decimal: 'numeric',
  money: 'numeric',
  bool: 'boolean',
  datetime: 'timestamptz',
  date: 'date',
  lookup: 'uuid',
  guid: 'uuid',
  image: 'text',
};

/** A field that the record service may show and query (declared, not secret). */
export function readableField(e: EntityDef, name: string): FieldDef | undefined {
  const f = Object.hasOwn(e.allFields, name) ? e.allFields[name] : undefined;
  return f && !f.secret ? f : undefined;
}

/** Escapes LIKE wildcards so the text matches literally (backslash is PostgreSQL's default escape). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
