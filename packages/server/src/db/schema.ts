import { ENTITIES, IDENT, partyFields, type EntityDef, type FieldDef } from '@portal/model';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { FILES_DDL } from '../files/ddl.ts';
import { STOCK_DDL } from '../domain/stock/ddl.ts';
import { CREDIT_DDL } from '../domain/credit/ddl.ts';
import { LIST_SETTINGS_DDL } from '../domain/list-settings/ddl.ts';
import { FAVOURITE_DDL } from '../domain/favourite/ddl.ts';
import { MESSAGE_DDL } from '../domain/message/ddl.ts';
import { WEBHOOK_DDL } from '../integration/webhooks/ddl.ts';
import { REBATE_DDL } from '../domain/rebates/ddl.ts';
import { GRAMS_DDL, gramIndexed, gramsIndex } from '../records/query/grams.ts';

/** SQL column type of a model field. */
export function columnType(f: FieldDef): string {
  switch (f.type) {
    case 'text':
      return `varchar(${f.maxLength})`;
    case 'memo':
      return 'text';
    case 'int':
      return 'integer';
    case 'decimal':
      return `numeric(20,${f.precision})`;
    case 'money':
      return 'numeric(18,2)';
    case 'bool':
      return 'boolean';
    case 'datetime':
      return 'timestamptz';
    case 'date':
      return 'date';
    case 'optionset':
      return 'integer';
    case 'lookup':
      return 'uuid';
    case 'image':
      return 'text';
  }
}

function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`invalid identifier in model: ${name}`);
  return `"${name}"`;
}

/**
 * Idempotent DDL derived from one entity: the table, every column (added when missing, so a new
 * field is a new column on the next start), unique constraints and the indexes lists need.
 * `fresh`: the table does not exist yet, so it is created with its columns and checks at once.
 */
export function entityDdl(e: EntityDef, fresh = false): string[] {
  const t = ident(e.logicalName);
  const pk = ident(e.primaryKey);
  const base = `${pk} uuid PRIMARY KEY DEFAULT gen_random_uuid(), createdon timestamptz NOT NULL DEFAULT now(), modifiedon timestamptz NOT NULL DEFAULT now(), statecode integer NOT NULL DEFAULT 0`;
  const out: string[] = [];
  const columns: string[] = [];
  const indexed = new Set<string>();
  for (const [name, f] of Object.entries(e.allFields)) {
    if (name === e.primaryKey || name === 'createdon' || name === 'modifiedon' || name === 'statecode') continue;
    const generated = f.computed ? ` GENERATED ALWAYS AS (${modelExpression(e, f.computed)}) STORED` : '';
    columns.push(`${ident(name)} ${columnType(f)}${generated}`);
    if (f.unique) {
      out.push(`CREATE UNIQUE INDEX IF NOT EXISTS ${ident(`ux_${e.logicalName}_${name}`.slice(0, 63))} ON ${t} (${ident(name)})`);
      indexed.add(name);
    } else if (f.indexed || f.type === 'lookup') {
      indexed.add(name);
    }
  }
  // A table the database does not have yet is created whole (one statement instead of one per
  // column and check: a first start creates some 70 tables); an existing one gains what is missing.
  const checks = Object.entries(e.checks).map(
    ([name, check]) => `CONSTRAINT ${ident(checkName(e, name))} CHECK (${modelExpression(e, check)})`,
  );
  if (fresh) out.unshift(`CREATE TABLE IF NOT EXISTS ${t} (${[base, ...columns, ...checks].join(', ')})`);
  else out.unshift(`CREATE TABLE IF NOT EXISTS ${t} (${base})`, ...columns.map((c) => `ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${c}`));
  out.push(...computedDdl(e, fresh));
  // Every view's first order column gets an index so its list is an index scan.
  for (const v of Object.values(e.views)) if (v.orderBy[0]) indexed.add(v.orderBy[0][0]);
  for (const name of indexed) {
    if (name === e.primaryKey) continue;
    const f = e.allFields[name];
    if (!f || f.unique) continue;
    out.push(`CREATE INDEX IF NOT EXISTS ${ident(`ix_${e.logicalName}_${name}`.slice(0, 63))} ON ${t} (${ident(name)})`);
  }
  for (const cols of e.indexes) {
    const n = `ix_${e.logicalName}_${cols.join('_')}`.slice(0, 63);
    out.push(`CREATE INDEX IF NOT EXISTS ${ident(n)} ON ${t} (${cols.map(ident).join(', ')})`);
  }
  for (const cols of e.uniques) {
    out.push(`CREATE UNIQUE INDEX IF NOT EXISTS ${ident(uniqueIndexName(e, cols))} ON ${t} (${cols.map(ident).join(', ')})`);
  }
  // Checks are added once (PostgreSQL has no ADD CONSTRAINT IF NOT EXISTS): looked up by name. A
  // table whose rows already break a new check starts without it (it would not start at all, and a
  // NOT VALID check would still refuse every later update of those rows, a credit included): the
  // check is added at the first start that finds the rows right (docs/decisions.md "Quota CHECK…").
  for (const [name, check] of fresh ? [] : Object.entries(e.checks)) {
    const cn = checkName(e, name);
    const expr = modelExpression(e, check);
    out.push(
      `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = '${cn}') AND NOT EXISTS (SELECT 1 FROM ${t} WHERE NOT (${expr})) THEN ALTER TABLE ${t} ADD CONSTRAINT ${ident(cn)} CHECK (${expr}); END IF; END $$`,
    );
  }
  // A party's unit reaches the row as the owner's does: lists filter by it, newest first.
  for (const party of partyFields(e)) {
    out.push(`CREATE INDEX IF NOT EXISTS ${ident(`ixp_${e.logicalName}_${party}`.slice(0, 63))} ON ${t} (${ident(party)}, createdon)`);
  }
  // Record service: every list is filtered by the caller's scope and ordered newest first by
  // default, so the scope column leads a (scope, createdon) index …
  if (!e.noOwner && (e.scope.kind === 'station' || e.scope.kind === 'businessUnit' || e.scope.kind === 'user')) {
    const col = e.scope.kind === 'user' ? 'ownerid' : 'owningbusinessunit';
    out.push(`CREATE INDEX IF NOT EXISTS ${ident(`ixs_${e.logicalName}`.slice(0, 63))} ON ${t} (${ident(col)}, createdon)`);
  }
  // A station row's owning unit is its station's unit: the station field determines
  // owningbusinessunit. Without being told, the planner multiplies the two selectivities (scope
  // predicate AND a station filter → 1/300 × 1/300) and, expecting a handful of rows, sorts the whole
  // station instead of walking the (scope, createdon) index to the page's last row.
  if (!e.noOwner && e.scope.kind === 'station' && e.scope.field !== e.primaryKey && e.allFields[e.scope.field]?.type === 'lookup') {
    out.push(
      `CREATE STATISTICS IF NOT EXISTS ${ident(`sts_${e.logicalName}`.slice(0, 63))} (dependencies) ON owningbusinessunit, ${ident(e.scope.field)} FROM ${t}`,
    );
  }
  // … and quick search (contains / ILIKE '%…%') over searchable text uses trigram GIN indexes from
  // three characters on, and below that the characters and pairs of all of them (query/grams.ts).
  for (const [name, f] of Object.entries(e.allFields)) {
    if (!gramIndexed(f)) continue;
    out.push(
      `CREATE INDEX IF NOT EXISTS ${ident(`ixt_${e.logicalName}_${name}`.slice(0, 63))} ON ${t} USING gin (${ident(name)} gin_trgm_ops)`,
    );
  }
  const grams = gramsIndex(e, ident);
  if (grams) {
    out.push(`CREATE INDEX IF NOT EXISTS ${ident(grams.name)} ON ${t} USING gin ((${grams.expr}))`);
    // The index of an older list of searchable fields goes.
    if (!fresh)
      out.push(
        `DO $$ DECLARE i text; BEGIN FOR i IN SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = '${e.logicalName}' AND starts_with(indexname, '${grams.prefix}') AND indexname <> '${grams.name}' LOOP EXECUTE format('DROP INDEX %I', i); END LOOP; END $$`,
      );
  }
  return out;
}

/**
 * A computed column carries its model expression as its comment. PostgreSQL 15 cannot change a
 * generated column's expression in place, so a column whose comment differs from the model's
 * expression (the model changed it, or the column predates the comments) is dropped and added
 * again — it holds nothing of its own — before the indexes and checks below are (re)created.
 */
function computedDdl(e: EntityDef, fresh: boolean): string[] {
  const t = ident(e.logicalName);
  const out: string[] = [];
  for (const [name, f] of Object.entries(e.allFields)) {
    if (!f.computed) continue;
    const c = ident(name);
    const expr = modelExpression(e, f.computed);
    const comment = `COMMENT ON COLUMN ${t}.${c} IS '${expr.replaceAll("'", "''")}'`;
    if (fresh) {
      out.push(comment);
      continue;
    }
    const described = `col_description('${t}'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = '${t}'::regclass AND attname = '${name}'))`;
    out.push(
      `DO $$ BEGIN IF ${described} IS DISTINCT FROM '${expr.replaceAll("'", "''")}' THEN ALTER TABLE ${t} DROP COLUMN IF EXISTS ${c} CASCADE; ALTER TABLE ${t} ADD COLUMN ${c} ${columnType(f)} GENERATED ALWAYS AS (${expr}) STORED; ${comment}; END IF; END $$`,
    );
  }
  return out;
}

/** Name of the unique index of a composite key (the record service maps its violations to a field). */
export const uniqueIndexName = (e: EntityDef, cols: string[]) => `uxc_${e.logicalName}_${cols.join('_')}`.slice(0, 63);
/** Name of a row check of an entity. */
export const checkName = (e: EntityDef, name: string) => `ck_${e.logicalName}_${name}`.slice(0, 63);

/**
 * A check or computed-column expression of the model: words must be the entity's own fields or
 * a few SQL keywords, numbers and comparison operators; anything else is a model error.
 */
function modelExpression(e: EntityDef, expr: string): string {
  const keywords = new Set(['and', 'or', 'not', 'null', 'is']);
  const out = expr.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (w) => {
    if (keywords.has(w.toLowerCase())) return w.toUpperCase();
    if (!Object.hasOwn(e.allFields, w)) throw new Error(`unknown field ${w} in an expression of ${e.logicalName}`);
    return ident(w);
  });
  if (!/^[\w"\s()<>=!+\-*.]*$/.test(out)) throw new Error(`unsupported expression in ${e.logicalName}: ${expr}`);
  return out;
}

/** Tables the server keeps for itself (sessions, one-time codes): not CRM entities. */
const INTERNAL_DDL = [
  `CREATE TABLE IF NOT EXISTS auth_session (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     user_id uuid NOT NULL,
     login_type varchar(20) NOT NULL,
     portal varchar(10) NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     absolute_expiry timestamptz NOT NULL,
     ended_at timestamptz,
     end_reason varchar(20),
     ip varchar(64),
     user_agent varchar(300))`,
  `CREATE INDEX IF NOT EXISTS ix_auth_session_user ON auth_session (user_id) WHERE ended_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS ix_auth_session_system_expiry ON auth_session (absolute_expiry) WHERE login_type = 'client_credentials'`,
  `CREATE TABLE IF NOT EXISTS auth_refresh_token (
     token_hash char(64) PRIMARY KEY,
     session_id uuid NOT NULL REFERENCES auth_session(id),
     issued_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     used_at timestamptz)`,
  `CREATE INDEX IF NOT EXISTS ix_auth_refresh_session ON auth_refresh_token (session_id)`,
  `CREATE TABLE IF NOT EXISTS auth_captcha (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     answer varchar(10) NOT NULL,
     expires_at timestamptz NOT NULL,
     used_at timestamptz)`,
  `CREATE TABLE IF NOT EXISTS auth_sms_code (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     mobilephone varchar(20) NOT NULL,
     purpose varchar(20) NOT NULL,
     code_hash char(64) NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     attempts integer NOT NULL DEFAULT 0,
     used_at timestamptz)`,
  `CREATE INDEX IF NOT EXISTS ix_auth_sms_mobile ON auth_sms_code (mobilephone, created_at DESC)`,
  // The SMS provider's outbox: what the built-in provider "sent" (read back only in test mode).
  `CREATE TABLE IF NOT EXISTS sms_outbox (
     id bigserial PRIMARY KEY,
     mobilephone varchar(20) NOT NULL,
     body text NOT NULL,
     code varchar(10),
     created_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE INDEX IF NOT EXISTS ix_sms_outbox_mobile ON sms_outbox (mobilephone, id DESC)`,
  `CREATE TABLE IF NOT EXISTS auth_sso_assertion (
     jti varchar(100) PRIMARY KEY,
     used_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL)`,
  // Failed attempts per account (or mobile number) and client address, for lockout across app instances.
  // Signing keys shared by every app instance on the same database.
  `CREATE TABLE IF NOT EXISTS app_secret (name varchar(40) PRIMARY KEY, value text NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS auth_failure (
     subject varchar(120) PRIMARY KEY,
     failures integer NOT NULL DEFAULT 0,
     window_start timestamptz NOT NULL DEFAULT now(),
     locked_until timestamptz)`,
  // Locks so far: each lock of a subject is twice as long as the one before (auth/lockout.ts).
  `ALTER TABLE auth_failure ADD COLUMN IF NOT EXISTS locks integer NOT NULL DEFAULT 0`,
];

/**
 * Indexes an older model declared and the current one no longer does: dropped on start so existing
 * databases follow the model (a worker code is now unique per station, uxc_…_new_station_id_new_code).
 */
const RETIRED_DDL = ['DROP INDEX IF EXISTS "ux_new_srv_worker_new_code"'];

/** Where the database notes which model's DDL it last ran in full (one row). */
const SCHEMA_STATE_DDL = `CREATE TABLE IF NOT EXISTS schema_state (
  id integer PRIMARY KEY CHECK (id = 1),
  fingerprint char(64) NOT NULL,
  migrated_at timestamptz NOT NULL DEFAULT now())`;

/** The model's DDL; `fresh`: the entity's table does not exist yet (created whole). */
const modelDdl = (fresh: (e: EntityDef) => boolean) => [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  ...GRAMS_DDL,
  ...RETIRED_DDL,
  ...ENTITIES.flatMap((e) => entityDdl(e, fresh(e))),
  ...INTERNAL_DDL,
  ...FILES_DDL,
  ...STOCK_DDL,
  ...LIST_SETTINGS_DDL,
  ...FAVOURITE_DDL,
  ...MESSAGE_DDL,
  ...WEBHOOK_DDL,
  ...REBATE_DDL,
  ...CREDIT_DDL,
  SCHEMA_STATE_DDL,
];

/** Every row check the model declares, by constraint name. */
const declaredChecks = () => ENTITIES.flatMap((e) => Object.keys(e.checks).map((name) => checkName(e, name)));

/**
 * Brings the database up to the model. Safe to run from several instances at once.
 *
 * The DDL (~1,500 idempotent statements) is skipped when the database last ran exactly this
 * model's and every declared check is in place: a start on an up-to-date database (every restart,
 * every test portal) spent 1.3 s of its ~4.5 s there. A check left out because rows broke it
 * keeps the DDL running on each start until it is added, as before; so does a missing entity
 * table. Other changes made to the schema by hand are not undone by a restart unless the model
 * changed: `DELETE FROM schema_state` makes the next start run the DDL.
 */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect(); // the advisory lock belongs to one session
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    const { rows } = await client.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()');
    const have = new Set(rows.map((r) => r.name));
    const fingerprint = createHash('sha256')
      .update(modelDdl(() => false).join(';\n'))
      .digest('hex');
    const checks = declaredChecks();
    const checksInPlace = async () =>
      (await client.query<{ n: number }>('SELECT count(DISTINCT conname)::int AS n FROM pg_constraint WHERE conname = ANY($1)', [checks]))
        .rows[0].n === checks.length;
    if (have.has('schema_state') && ENTITIES.every((e) => have.has(e.logicalName))) {
      const noted = await client.query<{ fingerprint: string }>('SELECT fingerprint FROM schema_state WHERE id = 1');
      if (noted.rows[0]?.fingerprint === fingerprint && (await checksInPlace())) return;
    }
    const all = modelDdl((e) => !have.has(e.logicalName));
    // No parameters: sent as one simple-protocol batch, one round trip.
    await client.query(all.join(';\n'));
    if (await checksInPlace())
      await client.query(
        'INSERT INTO schema_state (id, fingerprint) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, migrated_at = now()',
        [fingerprint],
      );
    else await client.query('DELETE FROM schema_state');
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
    client.release();
  }
}
