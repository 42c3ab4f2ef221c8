import { stockCheckState } from '@portal/model';

const OPEN = `(${stockCheckState.counting}, ${stockCheckState.submitted})`;

/** Objects of the stock ledger and the command layer that are not CRM entities. Run by migrate(). */
export const STOCK_DDL: string[] = [
  // Total order of stock moves: taken after the balance rows are locked, so per warehouse and part
  // the sequence follows the order in which the balances changed.
  `CREATE SEQUENCE IF NOT EXISTS new_srv_stocktransaction_seq AS integer`,
  // One row per acknowledged command that carried an Idempotency-Key: a retry answers the stored result.
  `CREATE TABLE IF NOT EXISTS app_command_result (
     key varchar(240) PRIMARY KEY,
     user_id uuid NOT NULL,
     result jsonb,
     created_at timestamptz NOT NULL DEFAULT now())`,
  // sha256 of the command and its canonical body: the same key with another body is refused (422).
  // Added on start to a database created before; its older rows have none and replay as before.
  `ALTER TABLE app_command_result ADD COLUMN IF NOT EXISTS fingerprint char(64)`,
  // One open count per warehouse (counts.ts checks it with a message; this is the backstop). A
  // database that already holds two open counts of a warehouse starts without it until they are closed.
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM new_srv_stockcheck WHERE new_state IN ${OPEN} GROUP BY new_warehouse_id HAVING count(*) > 1) THEN
       CREATE UNIQUE INDEX IF NOT EXISTS ux_new_srv_stockcheck_open_warehouse ON new_srv_stockcheck (new_warehouse_id) WHERE new_state IN ${OPEN};
     END IF;
   END $$`,
  // Task sheets opened before the task's subject and note were copied onto them.
  `UPDATE new_srv_stockcheck c SET new_tasksubject = t.new_subject, new_tasknote = t.new_memo
     FROM new_srv_invtask t WHERE t.new_srv_invtaskid = c.new_invtask_id AND c.new_tasksubject IS NULL`,
];
