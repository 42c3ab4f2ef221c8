import type { EntityDef, FieldDef } from '@portal/model';
import { createHash } from 'node:crypto';

/*
 * Short quick searches (issue 27). Trigram indexes (pg_trgm) serve `ILIKE '%text%'` from three
 * characters on; a name of two Chinese characters (王建) or a single character scanned the table.
 * An entity with searchable text fields therefore also has a GIN index over `portal_grams(f1 || ' '
 * || f2 …)`: the characters and character pairs of its lower-cased searchable text. A search of one
 * or two characters in those fields adds `portal_grams(…) @> portal_search_grams(text)` (the
 * character, or the pair) to the same LIKE/ILIKE as before, which stays the exact test: the grams
 * only narrow the rows the index hands over, so the answer is what ILIKE alone gives
 * (docs/decisions.md, "Two-character quick search (issue 27)").
 *
 * Why every row ILIKE matches passes the prefilter: ILIKE compares lower(value) with
 * lower(pattern); the pattern's wildcards and escapes are uncased, so lower(text) is a substring of
 * lower(value), and every character and pair of it is one of lower(value)'s. LIKE (used for text
 * without cased characters, compile.ts) matches a substring that lower() leaves as it is. Both
 * sides are lowered by the database's own lower(), so PGlite's C locale and PostgreSQL's agree
 * with their own ILIKE.
 *
 * The functions are index expressions: a changed body needs a new name (and new indexes), never
 * CREATE OR REPLACE with other results, or existing indexes would answer for the old one.
 */

/**
 * The grams of a stored value: each character and each adjacent pair, lower-cased (duplicates are
 * GIN's to drop). COST 1, not PL/pgSQL's default 100: a query evaluates it only for rows whose LIKE
 * already matched (or on a lossy bitmap page), yet the planner charges a qual's cost to every row a
 * scan reads — at 100 a sequential scan looked 250,000 units dearer than it is, and a search for a
 * pair in a quarter of the rows read them through the index at 10× the scan's time.
 */
const GRAMS_FN = `CREATE OR REPLACE FUNCTION portal_grams(v text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1 AS $fn$
DECLARE c text[] := string_to_array(lower(v), NULL); n int := cardinality(c);
BEGIN
  FOR i IN 1..n - 1 LOOP c[n + i] := c[i] || c[i + 1]; END LOOP;
  RETURN c;
END $fn$`;

/** The grams a search text needs: its character when it has one, else its adjacent pairs. */
const SEARCH_GRAMS_FN = `CREATE OR REPLACE FUNCTION portal_search_grams(v text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE c text[] := string_to_array(lower(v), NULL); n int := cardinality(c); r text[] := '{}';
BEGIN
  IF n = 1 THEN RETURN c; END IF;
  FOR i IN 1..n - 1 LOOP r[i] := c[i] || c[i + 1]; END LOOP;
  RETURN r;
END $fn$`;

/** Run before the entities' DDL (their indexes call portal_grams). */
export const GRAMS_DDL = [GRAMS_FN, SEARCH_GRAMS_FN];

/** Searchable text fields: each has a trigram index, and the entity's grams index covers them all. */
export const gramIndexed = (f: FieldDef | undefined): boolean =>
  !!f && !!f.searchable && !f.secret && (f.type === 'text' || f.type === 'memo');

/**
 * The grams expression of an entity: portal_grams over its searchable fields joined by a space
 * (`col` names a field's column), or null when it has none. One index per entity, not one per
 * field: quick search ORs over all of them and one index scan with one estimate beats five (a
 * field the text is in nowhere is estimated at 0.5 % of the rows each, which led the planner to
 * AND the bitmap with head office's unit list). Each field's grams are among the joined text's.
 */
export function gramsExpr(e: EntityDef, col: (field: string) => string): string | null {
  const fields = Object.entries(e.allFields)
    .filter(([, f]) => gramIndexed(f))
    .map(([n]) => n);
  if (!fields.length) return null;
  return `portal_grams(${fields.map((f) => `coalesce(${col(f)}, '')`).join(` || ' ' || `)})`;
}

/** The grams index of an entity: named after its fields, so a changed field list makes a new one (schema.ts drops the old). */
export function gramsIndex(e: EntityDef, col: (field: string) => string): { prefix: string; name: string; expr: string } | null {
  const expr = gramsExpr(e, col);
  if (!expr) return null;
  const prefix = `ixg_${e.logicalName}_`;
  return { prefix, name: `${prefix}${createHash('sha256').update(expr).digest('hex').slice(0, 8)}`, expr };
}

/** Searches of at most this many characters get the grams prefilter; longer ones have trigrams. */
export const GRAM_MAX_CHARS = 2;

/** Whether the compiler adds the prefilter: off only in bench/quick-search.ts, to measure the SQL as it was before. */
export const gramSearch = { enabled: true };

/**
 * The prefilter for a search of `text` in searchable fields of `e` (aliased `alias`), or null when
 * the text is not 1–2 characters. It goes after the LIKEs it narrows (ANDed), so a row read by
 * another index or a scan computes no grams unless a LIKE already matched.
 */
export function gramPrefilter(e: EntityDef, alias: string, text: string, add: (v: string) => string): string | null {
  if (!gramSearch.enabled) return null;
  const n = [...text].length; // characters as PostgreSQL counts them (code points)
  if (n < 1 || n > GRAM_MAX_CHARS) return null;
  const expr = gramsExpr(e, (f) => `${alias}."${f}"`);
  return expr && `${expr} @> portal_search_grams(${add(text)})`;
}
