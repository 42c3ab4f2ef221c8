import { businessUnitType, getEntity, msg, warehouseType, type EntityDef, type Lang } from '@portal/model';
import { forgetCachedUsers } from '../../auth/principal.ts';
import type { Sql } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import type { FieldError } from '../../records/validate.ts';
import { serverDefaults, ValidationFailed, writeHooks } from '../../records/write.ts';

/**
 * The user centre's rows through the record service (issue 27). What the server owns — the unit a
 * row sits in, a store's unit, dealer and warehouse, a product's name — is set here, never taken
 * from a client (the fields are readOnly in the model):
 * - a store is made with its business unit (type store, under the creating dealer's unit) and its
 *   default warehouse (type store) in the write's transaction; renaming it renames its unit; it is
 *   deactivated, never deleted;
 * - an end customer sits in its store's unit, else the dealer's;
 * - a store product sits in its store's unit; one row per store and product;
 * - a cooperating customer is the dealer's own.
 * Reads and writes are scoped by the unit like every business-unit entity: a dealer reaches its
 * chain, a store its own rows, head office everything; other ids are 404.
 */

const STORE = getEntity('new_store')!;
const END_CUSTOMER = getEntity('new_endcustomer')!;
const STORE_PRODUCT = getEntity('new_storeproduct')!;
const COOP_CUSTOMER = getEntity('new_coopcustomer')!;

/** "Stores" as a sentence says it: 门店 / stores. */
const what = (e: EntityDef, lang: Lang) => (lang === 'zh-CN' ? e.pluralLabel[lang] : e.pluralLabel[lang].toLowerCase());

/** The caller's unit when it is a dealer; otherwise 403 naming what only a dealer creates. */
export function dealerUnit(caller: Caller, e: EntityDef, lang: Lang): string {
  if (caller.principal.unitType !== businessUnitType.dealer) throw new AppError(403, 'userCentre.notDealer', { what: what(e, lang) });
  return caller.principal.businessUnitId;
}

async function codeTaken(sql: Sql, code: string, exceptUnit?: string): Promise<boolean> {
  const { rowCount } = await sql.query(
    `SELECT 1 FROM businessunit WHERE lower(new_code) = lower($1) AND businessunitid IS DISTINCT FROM $2::uuid
     UNION ALL SELECT 1 FROM new_srv_warehouse WHERE lower(new_code) = lower('WH-' || $1)`,
    [code, exceptUnit ?? null],
  );
  return !!rowCount;
}

/** Store id → its unit (stores the write's lookup check has already found in the caller's reach). */
async function storeUnits(sql: Sql, ids: unknown[]): Promise<Map<string, { unit: string; name: string }>> {
  const list = [...new Set(ids.filter((v): v is string => typeof v === 'string'))];
  if (!list.length) return new Map();
  const { rows } = await sql.query<{ id: string; unit: string; name: string }>(
    'SELECT new_storeid AS id, new_businessunit_id AS unit, new_name AS name FROM new_store WHERE new_storeid = ANY($1::uuid[])',
    [list],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

async function makeStores(sql: Sql, rows: readonly Record<string, unknown>[], caller: Caller, lang: Lang) {
  const dealer = dealerUnit(caller, STORE, lang);
  const errors: FieldError[] = [];
  for (const r of rows) {
    const code = String(r.new_code);
    if (await codeTaken(sql, code)) errors.push({ field: 'new_code', message: msg('userCentre.codeTaken', lang, { code }) });
  }
  if (errors.length) throw new ValidationFailed(errors, lang);
  const me = caller.principal.userId;
  const out: Record<string, unknown>[] = [];
  for (const r of rows) {
    const {
      rows: [unit],
    } = await sql.query<{ id: string }>(
      `INSERT INTO businessunit (name, new_code, parentbusinessunitid, new_type, createdby, modifiedby)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING businessunitid AS id`,
      [r.new_name, r.new_code, dealer, businessUnitType.store, me],
    );
    const {
      rows: [wh],
    } = await sql.query<{ id: string }>(
      `INSERT INTO new_srv_warehouse (new_name, new_code, new_type, new_businessunit_id, new_province, new_city, new_county, new_address,
                                      new_contact, new_phone, new_isactive, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true, $11, $4, $11, $11) RETURNING new_srv_warehouseid AS id`,
      [
        `${r.new_name}仓库`,
        `WH-${r.new_code}`,
        warehouseType.store,
        unit.id,
        r.new_province ?? null,
        r.new_city ?? null,
        r.new_county ?? null,
        r.new_address ?? null,
        r.new_contact ?? null,
        r.new_phone ?? null,
        me,
      ],
    );
    out.push({ new_dealer_id: dealer, new_businessunit_id: unit.id, new_warehouse_id: wh.id, new_isactive: r.new_isactive ?? true });
  }
  // The unit tree changed: cached reaches (the dealer's subtree) are read again.
  forgetCachedUsers();
  return out;
}

/** An end customer's unit: its store's, else the creating dealer's (a store must be named otherwise). */
async function customerUnits(sql: Sql, rows: readonly Record<string, unknown>[], caller: Caller, lang: Lang) {
  const stores = await storeUnits(
    sql,
    rows.map((r) => r.new_store_id),
  );
  const errors: FieldError[] = [];
  const out = rows.map((r) => {
    const s = typeof r.new_store_id === 'string' ? stores.get(r.new_store_id) : undefined;
    if (s) return { new_businessunit_id: s.unit };
    if (caller.principal.unitType === businessUnitType.dealer) return { new_businessunit_id: caller.principal.businessUnitId };
    errors.push({ field: 'new_store_id', message: msg('userCentre.storeRequired', lang) });
    return {};
  });
  if (errors.length) throw new ValidationFailed(errors, lang);
  return out;
}

/** Store products already listed: `${store}|${product}` of the given pairs, except the row `except`. */
async function listedPairs(sql: Sql, pairs: [string, string][], except?: string): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const { rows } = await sql.query<{ k: string }>(
    `SELECT new_store_id || '|' || new_product_id AS k FROM new_storeproduct
      WHERE (new_store_id, new_product_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))
        AND new_storeproductid IS DISTINCT FROM $3::uuid`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1]), except ?? null],
  );
  return new Set(rows.map((r) => r.k));
}

async function names(sql: Sql, store: string, product: string): Promise<{ store: string; product: string }> {
  const { rows } = await sql.query<{ store: string; product: string }>(
    `SELECT (SELECT new_name FROM new_store WHERE new_storeid = $1::uuid) AS store,
            (SELECT name FROM product WHERE productid = $2::uuid) AS product`,
    [store, product],
  );
  return { store: rows[0]?.store ?? '', product: rows[0]?.product ?? '' };
}

async function storeProductDefaults(sql: Sql, rows: readonly Record<string, unknown>[], lang: Lang) {
  const pairs = rows.map((r) => [String(r.new_store_id), String(r.new_product_id)] as [string, string]);
  const taken = await listedPairs(sql, pairs);
  const errors: FieldError[] = [];
  for (const [store, product] of pairs) {
    const k = `${store}|${product}`;
    if (taken.has(k))
      errors.push({ field: 'new_product_id', message: msg('userCentre.productTaken', lang, await names(sql, store, product)) });
    taken.add(k);
  }
  if (errors.length) throw new ValidationFailed(errors, lang);
  const stores = await storeUnits(
    sql,
    rows.map((r) => r.new_store_id),
  );
  const { rows: products } = await sql.query<{ id: string; name: string; code: string }>(
    'SELECT productid AS id, name, productnumber AS code FROM product WHERE productid = ANY($1::uuid[])',
    [[...new Set(pairs.map((p) => p[1]))]],
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  return rows.map((r) => {
    const p = byId.get(String(r.new_product_id));
    return {
      new_businessunit_id: stores.get(String(r.new_store_id))?.unit,
      new_name: p?.name ?? null,
      new_code: p?.code ?? null,
      new_onsale: r.new_onsale ?? true,
    };
  });
}

/** Registers the user centre's defaults and write hooks with the record service. */
export function installUserCentre(): void {
  serverDefaults.set(STORE.logicalName, (sql, rows, caller, lang) => makeStores(sql, rows, caller, lang));
  writeHooks.set(STORE.logicalName, {
    async guard(sql, id, op, values, _caller, lang) {
      if (op === 'delete') throw new AppError(400, 'userCentre.storeNotDeleted');
      if (typeof values.new_code !== 'string') return;
      const { rows } = await sql.query<{ unit: string }>('SELECT new_businessunit_id AS unit FROM new_store WHERE new_storeid = $1', [id]);
      if (await codeTaken(sql, values.new_code, rows[0]?.unit)) {
        throw new ValidationFailed([{ field: 'new_code', message: msg('userCentre.codeTaken', lang, { code: values.new_code }) }], lang);
      }
    },
    async after(sql, ids, op) {
      if (op !== 'update') return;
      // The unit carries the store's name and code (menus, lookups and scopes show the unit).
      await sql.query(
        `UPDATE businessunit b SET name = s.new_name, new_code = s.new_code, modifiedon = now()
           FROM new_store s WHERE s.new_storeid = ANY($1::uuid[]) AND b.businessunitid = s.new_businessunit_id
            AND (b.name IS DISTINCT FROM s.new_name OR b.new_code IS DISTINCT FROM s.new_code)`,
        [ids],
      );
      forgetCachedUsers();
    },
  });

  serverDefaults.set(END_CUSTOMER.logicalName, (sql, rows, caller, lang) => customerUnits(sql, rows, caller, lang));
  writeHooks.set(END_CUSTOMER.logicalName, {
    async guard(sql, id, op, values, caller, lang) {
      // Moving a customer out of its store back to the dealer needs a dealer: head office names a store.
      if (op === 'update' && 'new_store_id' in values && !values.new_store_id && caller.principal.unitType !== businessUnitType.dealer) {
        const { rows } = await sql.query<{ type: number }>(
          `SELECT b.new_type AS type FROM new_endcustomer c JOIN businessunit b ON b.businessunitid = c.new_businessunit_id WHERE c.new_endcustomerid = $1`,
          [id],
        );
        if (rows[0]?.type === businessUnitType.store) {
          throw new ValidationFailed([{ field: 'new_store_id', message: msg('userCentre.storeRequired', lang) }], lang);
        }
      }
    },
    async after(sql, ids, op) {
      if (op !== 'update') return;
      // With a store: the store's unit; without: the dealer above the unit it was in.
      await sql.query(
        `UPDATE new_endcustomer c SET new_businessunit_id = u.unit, owningbusinessunit = u.unit
           FROM (SELECT c2.new_endcustomerid AS id,
                        COALESCE(s.new_businessunit_id, CASE WHEN b.new_type = $2 THEN b.parentbusinessunitid ELSE b.businessunitid END) AS unit
                   FROM new_endcustomer c2
                   LEFT JOIN new_store s ON s.new_storeid = c2.new_store_id
                   JOIN businessunit b ON b.businessunitid = c2.new_businessunit_id
                  WHERE c2.new_endcustomerid = ANY($1::uuid[])) u
          WHERE c.new_endcustomerid = u.id AND c.new_businessunit_id IS DISTINCT FROM u.unit`,
        [ids, businessUnitType.store],
      );
    },
  });

  serverDefaults.set(STORE_PRODUCT.logicalName, (sql, rows, _caller, lang) => storeProductDefaults(sql, rows, lang));
  writeHooks.set(STORE_PRODUCT.logicalName, {
    async guard(sql, id, op, values, _caller, lang) {
      if (op === 'delete' || !(values.new_store_id || values.new_product_id)) return;
      const { rows } = await sql.query<{ store: string; product: string }>(
        'SELECT new_store_id AS store, new_product_id AS product FROM new_storeproduct WHERE new_storeproductid = $1',
        [id],
      );
      const store = String(values.new_store_id ?? rows[0].store);
      const product = String(values.new_product_id ?? rows[0].product);
      if ((await listedPairs(sql, [[store, product]], id)).size) {
        throw new ValidationFailed(
          [{ field: 'new_product_id', message: msg('userCentre.productTaken', lang, await names(sql, store, product)) }],
          lang,
        );
      }
    },
    async after(sql, ids, op) {
      if (op !== 'update') return;
      await sql.query(
        `UPDATE new_storeproduct t SET new_businessunit_id = s.new_businessunit_id, owningbusinessunit = s.new_businessunit_id,
                new_name = p.name, new_code = p.productnumber
           FROM new_store s, product p
          WHERE t.new_storeproductid = ANY($1::uuid[]) AND s.new_storeid = t.new_store_id AND p.productid = t.new_product_id`,
        [ids],
      );
    },
  });

  serverDefaults.set(COOP_CUSTOMER.logicalName, async (_sql, rows, caller, lang) => {
    dealerUnit(caller, COOP_CUSTOMER, lang);
    return rows.map(() => ({}));
  });

  // Whichever way an account is disabled (an administrator's form too), its sessions end with it.
  writeHooks.set('systemuser', {
    // A service account's user (issue 30) is changed only by its commands (系统管理 → 服务账号): its
    // reach, roles and state live on the account, and a form here would silently disagree with them.
    async guard(sql, id) {
      const { rowCount } = await sql.query('SELECT 1 FROM new_serviceaccount WHERE new_systemuser_id = $1', [id]);
      if (rowCount) throw new AppError(400, 'sa.userManagedThere');
    },
    async after(sql, ids, op) {
      if (op !== 'update') return;
      await sql.query(
        `UPDATE auth_session SET ended_at = now(), end_reason = 'disabled'
          WHERE ended_at IS NULL AND user_id = ANY($1::uuid[])
            AND user_id IN (SELECT systemuserid FROM systemuser WHERE systemuserid = ANY($1::uuid[]) AND isdisabled)`,
        [ids],
      );
    },
  });
}
