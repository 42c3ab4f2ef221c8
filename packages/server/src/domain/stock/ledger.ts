import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';

/**
 * The stock ledger (../shared/DESIGN.md "Ledgers and concurrency"). Every change of stock is a
 * posting: a list of moves, each a signed change of on-hand, frozen (reserved) and in-transit
 * quantity of one part in one warehouse, with the document and line that caused it and a key that
 * is unique per move. A posting runs inside the caller's transaction and is set-based (one
 * statement per table, whatever its size):
 *
 * 1. balance rows (`new_srv_siteinv`) that do not exist yet are created at zero;
 * 2. the balance rows are locked in a fixed order (warehouse, part), so postings touching the same
 *    rows queue instead of deadlocking;
 * 3. moves whose key is already in the ledger are dropped (a retried posting counts once);
 * 4. the new balances are computed under the lock and refused with the part, warehouse and
 *    shortfall when any would break quantity ≥ 0, frozen ≥ 0, frozen ≤ quantity, in transit ≥ 0;
 * 5. the moves are appended with the balances after each, and the balances are changed by one
 *    conditional update (the same rules in its WHERE, the table's CHECK as the backstop).
 */

export interface StockMove {
  warehouseId: string;
  productId: string;
  /** Change of the on-hand quantity. */
  qty?: number;
  /** Change of the frozen (reserved) quantity. */
  frozen?: number;
  /** Change of the quantity in transit to this warehouse. */
  transit?: number;
  /** stockUsage (1–11). */
  usage: number;
  /** stockDocumentType. */
  docType: number;
  docId: string;
  /** The document's number, shown in the transaction list. */
  docName: string;
  lineId?: string | null;
  /** Unique per move: the same key posted again changes nothing. */
  key: string;
}

export interface PostingResult {
  /** Moves appended by this posting. */
  posted: number;
  /** Moves whose key was already in the ledger. */
  skipped: number;
}

type Balance = { id: string; w: string; p: string; q: number; f: number; t: number; part: string; code: string; unit: string; wh: string };

const pairKey = (w: string, p: string) => `${w}|${p}`;

/** The distinct (warehouse, part) pairs of the moves, in lock order. */
function pairsOf(moves: readonly StockMove[]): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const m of moves) {
    const w = m.warehouseId.toLowerCase();
    const p = m.productId.toLowerCase();
    seen.set(pairKey(w, p), [w, p]);
  }
  return [...seen.values()].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
}

/** Zero balances for pairs not held yet (part name, number and station copied for lists and search). */
async function ensureBalances(sql: Sql, userId: string, pairs: [string, string][]): Promise<void> {
  await sql.query(
    `INSERT INTO new_srv_siteinv (new_warehouse_id, new_product_id, new_name, new_code, new_station_id, new_quantity, new_frozen, new_intransit,
                                  ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT u.w, u.p, pr.name, pr.productnumber, wh.new_station_id, 0, 0, 0, $3::uuid, wh.new_businessunit_id, $3::uuid, $3::uuid
       FROM unnest($1::uuid[], $2::uuid[]) AS u(w, p)
       JOIN new_srv_warehouse wh ON wh.new_srv_warehouseid = u.w
       JOIN product pr ON pr.productid = u.p
      WHERE NOT EXISTS (SELECT 1 FROM new_srv_siteinv s WHERE s.new_warehouse_id = u.w AND s.new_product_id = u.p)
      ORDER BY u.w, u.p
     ON CONFLICT (new_warehouse_id, new_product_id) DO NOTHING`,
    [pairs.map((x) => x[0]), pairs.map((x) => x[1]), userId],
  );
}

/** Locks the balance rows of the pairs in (warehouse, part) order and reads them. */
async function lockBalances(sql: Sql, pairs: [string, string][]): Promise<Map<string, Balance>> {
  const { rows } = await sql.query<Balance>(
    `SELECT s.new_srv_siteinvid AS id, s.new_warehouse_id AS w, s.new_product_id AS p, s.new_quantity AS q, s.new_frozen AS f,
            s.new_intransit AS t, s.new_name AS part, s.new_code AS code, s.owningbusinessunit AS unit, wh.new_name AS wh
       FROM new_srv_siteinv s JOIN new_srv_warehouse wh ON wh.new_srv_warehouseid = s.new_warehouse_id
      WHERE (s.new_warehouse_id, s.new_product_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))
      ORDER BY s.new_warehouse_id, s.new_product_id
        FOR UPDATE OF s`,
    [pairs.map((x) => x[0]), pairs.map((x) => x[1])],
  );
  // An unknown warehouse or part has no balance row (step 1 could not create it).
  if (rows.length !== pairs.length) throw refuse('parts.relatedNotFound');
  return new Map(rows.map((b) => [pairKey(b.w, b.p), { ...b, q: Number(b.q), f: Number(b.f), t: Number(b.t) }]));
}

const broken = (b: { q: number; f: number; t: number }) => b.q < 0 || b.f < 0 || b.f > b.q || b.t < 0;

/** Appends the moves and changes the balances; see the module comment for the steps. */
export async function postMoves(sql: Sql, userId: string, moves: readonly StockMove[]): Promise<PostingResult> {
  const live = moves.filter((m) => (m.qty ?? 0) !== 0 || (m.frozen ?? 0) !== 0 || (m.transit ?? 0) !== 0);
  if (!live.length) return { posted: 0, skipped: 0 };
  if (new Set(live.map((m) => m.key)).size !== live.length) throw new Error('a posting repeats a move key');
  const pairs = pairsOf(live);
  await ensureBalances(sql, userId, pairs);
  const balances = await lockBalances(sql, pairs);

  const { rows: done } = await sql.query<{ k: string }>(
    `SELECT new_key AS k FROM new_srv_stocktransaction WHERE new_key = ANY($1::text[])`,
    [live.map((m) => m.key)],
  );
  const already = new Set(done.map((r) => r.k));
  const todo = live.filter((m) => !already.has(m.key));
  if (!todo.length) return { posted: 0, skipped: live.length };

  // Balances after each move, under the lock: exact.
  const running = new Map([...balances].map(([k, b]) => [k, { q: b.q, f: b.f, t: b.t }]));
  const after = todo.map((m) => {
    const r = running.get(pairKey(m.warehouseId.toLowerCase(), m.productId.toLowerCase()))!;
    r.q += m.qty ?? 0;
    r.f += m.frozen ?? 0;
    r.t += m.transit ?? 0;
    return { ...r };
  });
  for (const [k, r] of running) {
    if (!broken(r)) continue;
    const b = balances.get(k)!;
    const dq = r.q - b.q;
    const df = r.f - b.f;
    const dt = r.t - b.t;
    // What the posting takes from what is available (or from what is in transit).
    const qty = Math.max(-(dq - df), -dt, 0);
    throw refuse('stock.insufficient', { part: b.part, warehouse: b.wh, available: b.q - b.f, qty });
  }

  const unitOf = (m: StockMove) => balances.get(pairKey(m.warehouseId.toLowerCase(), m.productId.toLowerCase()))!;
  const col = <T>(f: (m: StockMove, i: number) => T) => todo.map(f);
  const { rowCount: appended } = await sql.query(
    `INSERT INTO new_srv_stocktransaction (new_name, new_code, new_partname, new_warehouse_id, new_product_id, new_usage, new_doctype, new_docid, new_lineid,
                                           new_quantity, new_frozen, new_intransit, new_balance, new_frozenbalance, new_transitbalance, new_key,
                                           new_seq, createdon, modifiedon, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT x.name, x.code, x.part, x.w, x.p, x.usage, x.doctype, x.docid, x.lineid, x.dq, x.df, x.dt, x.bq, x.bf, x.bt, x.k,
            nextval('new_srv_stocktransaction_seq'), clock_timestamp(), now(), $18::uuid, $18::uuid, $18::uuid, x.unit
       FROM (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::uuid[], $6::int[], $7::int[], $8::text[], $9::text[],
                                  $10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[], $16::text[], $17::uuid[])
                      WITH ORDINALITY AS u(name, code, part, w, p, usage, doctype, docid, lineid, dq, df, dt, bq, bf, bt, k, unit, ord)
              ORDER BY ord) x
     ON CONFLICT (new_key) DO NOTHING`,
    [
      col((m) => m.docName),
      col((m) => unitOf(m).code),
      col((m) => unitOf(m).part),
      col((m) => m.warehouseId),
      col((m) => m.productId),
      col((m) => m.usage),
      col((m) => m.docType),
      col((m) => m.docId),
      col((m) => m.lineId ?? null),
      col((m) => m.qty ?? 0),
      col((m) => m.frozen ?? 0),
      col((m) => m.transit ?? 0),
      col((_, i) => after[i].q),
      col((_, i) => after[i].f),
      col((_, i) => after[i].t),
      col((m) => m.key),
      col((m) => unitOf(m).unit),
      userId,
    ],
  );
  // A key appended by a posting that locked other rows (a misuse of keys): nothing may half-apply.
  if (appended !== todo.length) throw refuse('parts.stateChanged');

  const deltas = [...running]
    .map(([k, r]) => {
      const b = balances.get(k)!;
      return { id: b.id, dq: r.q - b.q, df: r.f - b.f, dt: r.t - b.t };
    })
    .filter((d) => d.dq || d.df || d.dt);
  const { rowCount: changed } = await sql.query(
    `UPDATE new_srv_siteinv s
        SET new_quantity = s.new_quantity + d.dq, new_frozen = s.new_frozen + d.df, new_intransit = s.new_intransit + d.dt,
            new_lastmoveon = now(), modifiedon = now(), modifiedby = $5::uuid
       FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[]) AS d(id, dq, df, dt)
      WHERE s.new_srv_siteinvid = d.id
        AND s.new_quantity + d.dq >= 0 AND s.new_frozen + d.df >= 0 AND s.new_frozen + d.df <= s.new_quantity + d.dq AND s.new_intransit + d.dt >= 0`,
    [deltas.map((d) => d.id), deltas.map((d) => d.dq), deltas.map((d) => d.df), deltas.map((d) => d.dt), userId],
  );
  if (changed !== deltas.length) throw refuse('parts.stateChanged');
  return { posted: todo.length, skipped: live.length - todo.length };
}

export interface StockLevel {
  quantity: number;
  frozen: number;
  available: number;
  intransit: number;
}

/** Current stock of parts in a warehouse (zero for parts never held there), by product id. */
export async function stockLevels(sql: Sql, warehouseId: string, productIds: string[]): Promise<Map<string, StockLevel>> {
  const out = new Map<string, StockLevel>(productIds.map((p) => [p.toLowerCase(), { quantity: 0, frozen: 0, available: 0, intransit: 0 }]));
  if (!productIds.length) return out;
  const { rows } = await sql.query<{ p: string; q: number; f: number; a: number; t: number }>(
    `SELECT new_product_id AS p, new_quantity AS q, new_frozen AS f, new_available AS a, new_intransit AS t
       FROM new_srv_siteinv WHERE new_warehouse_id = $1::uuid AND new_product_id = ANY($2::uuid[])`,
    [warehouseId, productIds],
  );
  for (const r of rows) out.set(r.p, { quantity: Number(r.q), frozen: Number(r.f), available: Number(r.a), intransit: Number(r.t) });
  return out;
}
