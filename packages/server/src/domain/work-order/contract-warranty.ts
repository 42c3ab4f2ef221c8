import { contractStatus, OPEN_STATUSES, warranty } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { chinaDay } from '../china-time.ts';
import { expireContracts } from '../contract/contract.ts';

const norm = (col: string) => `upper(btrim(COALESCE(${col}, '')))`;

/**
 * A contract line `l` (of contract `c`) covers order `o`'s machine and service: the same serial
 * number (case and spaces ignored); or, when the order or the line has no serial number, the same
 * product of the same customer (the contract's customer name = the order's); and the line covers
 * the order's service type (维修, 安装, 保养).
 */
const COVERS = `(
    ((${norm('o.new_serialnumber')} <> '' AND ${norm('l.new_serialnumber')} = ${norm('o.new_serialnumber')})
      OR ((${norm('o.new_serialnumber')} = '' OR ${norm('l.new_serialnumber')} = '')
          AND l.new_product_id = o.new_product_id AND ${norm('c.new_customername')} = ${norm('o.new_customer')}))
    AND COALESCE(CASE o.new_type WHEN 1 THEN l.new_coverrepair WHEN 2 THEN l.new_coverinstall WHEN 3 THEN l.new_covermaint END, false))`;

/**
 * Keeps the maintenance contract of work orders (run after every generic write of orders, in its
 * transaction, set-based): an order keeps its contract while the linked contract still covers its
 * machine and service (a contract terminated or expired since then keeps the orders it covered); an
 * order whose serial number, customer, product or service type no longer match loses it and reads
 * out of warranty; an order without a contract takes the contract of a live line covering it on the
 * order's date (China day of its creation: the contract active, the day within the line's cover and
 * not after the contract's end), a serial-number match first, then the latest cover end. An order
 * with a contract is under warranty (保内).
 */
export async function linkContracts(sql: Sql, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await expireContracts(sql);
  await sql.query(
    `UPDATE new_srv_workorder o SET new_contract_id = NULL, new_warranty = $2
      WHERE o.new_srv_workorderid = ANY($1::uuid[]) AND o.new_contract_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM new_srv_contractline l JOIN new_srv_contract c ON c.new_srv_contractid = l.new_contract_id
                         WHERE l.new_contract_id = o.new_contract_id AND ${COVERS})`,
    [ids, warranty.outOfWarranty],
  );
  const day = chinaDay('o.createdon');
  await sql.query(
    `UPDATE new_srv_workorder w SET new_contract_id = m.contract
       FROM (SELECT DISTINCT ON (o.new_srv_workorderid) o.new_srv_workorderid AS id, c.new_srv_contractid AS contract
               FROM new_srv_workorder o
               JOIN new_srv_contractline l ON true
               JOIN new_srv_contract c ON c.new_srv_contractid = l.new_contract_id
              WHERE o.new_srv_workorderid = ANY($1::uuid[]) AND o.new_contract_id IS NULL
                AND c.new_status = $2 AND ${day} BETWEEN l.new_startdate AND l.new_enddate AND ${day} <= c.new_enddate
                AND ${COVERS}
              ORDER BY o.new_srv_workorderid, (${norm('l.new_serialnumber')} <> '') DESC, l.new_enddate DESC, c.new_name) m
      WHERE w.new_srv_workorderid = m.id`,
    [ids, contractStatus.active],
  );
  await sql.query(
    `UPDATE new_srv_workorder SET new_warranty = $2
      WHERE new_srv_workorderid = ANY($1::uuid[]) AND new_contract_id IS NOT NULL AND new_warranty IS DISTINCT FROM $2`,
    [ids, warranty.inWarranty],
  );
}

/**
 * A contract just activated: the open orders (未派工 to 已到达) without a contract that its lines
 * cover take it now, in the activation's transaction, by the same rule as at their next edit
 * (linkContracts: the order's date within the line's cover), rather than only at that edit.
 */
export async function linkOpenOrders(sql: Sql, contractId: string): Promise<number> {
  const { rows } = await sql.query<{ id: string }>(
    `SELECT o.new_srv_workorderid AS id FROM new_srv_workorder o
      WHERE o.new_status = ANY($2::int[]) AND o.new_contract_id IS NULL
        AND EXISTS (SELECT 1 FROM new_srv_contractline l JOIN new_srv_contract c ON c.new_srv_contractid = l.new_contract_id
                     WHERE c.new_srv_contractid = $1::uuid AND ${COVERS})
      ORDER BY o.new_srv_workorderid FOR UPDATE OF o`,
    [contractId, [...OPEN_STATUSES]],
  );
  await linkContracts(
    sql,
    rows.map((r) => r.id),
  );
  const {
    rows: [n],
  } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_srv_workorderid = ANY($1::uuid[]) AND new_contract_id = $2::uuid`,
    [rows.map((r) => r.id), contractId],
  );
  return n.n;
}
