import type { Db } from '../../db/db.ts';

/**
 * Test support for the stock ledger: two fresh central warehouses and `parts` fresh products, with
 * readers of balances and moves and the invariant check (balance = Σ moves) over those warehouses.
 */
export interface LedgerFixture {
  userId: string;
  warehouses: string[];
  warehouseNames: string[];
  parts: string[];
  partNames: string[];
  balance(part: number, wh?: number): Promise<{ quantity: number; frozen: number; available: number; intransit: number } | null>;
  moves(part: number, wh?: number): Promise<Record<string, number>[]>;
  /** Balances of the fixture's warehouses that differ from the sum of their moves, or are negative. */
  mismatches(): Promise<number>;
}

export async function ledgerFixture(db: Db, code: string, parts: number): Promise<LedgerFixture> {
  const {
    rows: [admin],
  } = await db.query<{ id: string; unit: string }>(
    `SELECT systemuserid AS id, businessunitid AS unit FROM systemuser WHERE domainname = 'admin'`,
  );
  const warehouses: string[] = [];
  const warehouseNames: string[] = [];
  for (const i of [1, 2]) {
    const name = `测试仓库 ${code}-${i}`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO new_srv_warehouse (new_name, new_code, new_type, new_businessunit_id, new_isactive, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, $2, 1, $3, true, $4, $3, $4, $4) RETURNING new_srv_warehouseid AS id`,
      [name, `T-${code}-${i}`, admin.unit, admin.id],
    );
    warehouses.push(rows[0].id);
    warehouseNames.push(name);
  }
  const ids: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < parts; i++) {
    const name = `测试配件 ${code}-${i}`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO product (name, productnumber, new_uom, price, new_state, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, $2, '个', 10, 0, $3, $4, $3, $3) RETURNING productid AS id`,
      [name, `T-${code}-P${i}`, admin.id, admin.unit],
    );
    ids.push(rows[0].id);
    names.push(name);
  }
  return {
    userId: admin.id,
    warehouses,
    warehouseNames,
    parts: ids,
    partNames: names,
    async balance(part, wh = 0) {
      const r = await db.one<{ quantity: number; frozen: number; available: number; intransit: number }>(
        `SELECT new_quantity AS quantity, new_frozen AS frozen, new_available AS available, new_intransit AS intransit
           FROM new_srv_siteinv WHERE new_warehouse_id = $1 AND new_product_id = $2`,
        [warehouses[wh], ids[part]],
      );
      return r ?? null;
    },
    async moves(part, wh = 0) {
      const { rows } = await db.query<Record<string, number>>(
        `SELECT new_quantity, new_frozen, new_intransit, new_balance, new_frozenbalance, new_transitbalance, new_seq
           FROM new_srv_stocktransaction WHERE new_warehouse_id = $1 AND new_product_id = $2 ORDER BY new_seq`,
        [warehouses[wh], ids[part]],
      );
      return rows;
    },
    async mismatches() {
      const {
        rows: [r],
      } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM new_srv_siteinv s
           LEFT JOIN (SELECT new_warehouse_id AS w, new_product_id AS p, sum(new_quantity) AS q, sum(new_frozen) AS f, sum(new_intransit) AS t
                        FROM new_srv_stocktransaction GROUP BY 1, 2) m ON m.w = s.new_warehouse_id AND m.p = s.new_product_id
          WHERE s.new_warehouse_id = ANY($1::uuid[])
            AND (s.new_quantity <> COALESCE(m.q, 0) OR s.new_frozen <> COALESCE(m.f, 0) OR s.new_intransit <> COALESCE(m.t, 0)
                 OR s.new_quantity < 0 OR s.new_frozen < 0 OR s.new_frozen > s.new_quantity OR s.new_intransit < 0)`,
        [warehouses],
      );
      return r.n;
    },
  };
}
