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
];
