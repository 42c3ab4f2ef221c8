/**
 * The rebate run's record of what it accrued, per order line, policy and month (not a CRM entity: a
 * run writes up to a million of them, and its primary key is the idempotency of issue 28 — a line
 * is accrued once per policy and month whatever re-runs). Each row names the ledger move it went
 * into (the dealer's accrual of that policy and month). Run by migrate().
 */
export const REBATE_DDL: string[] = [
  `CREATE TABLE IF NOT EXISTS rebate_accrual (
     policy_id uuid NOT NULL,
     period char(7) NOT NULL,
     orderline_id uuid NOT NULL,
     move_id uuid NOT NULL,
     holder_id uuid NOT NULL,
     order_id uuid NOT NULL,
     qty integer NOT NULL,
     base numeric(18,2) NOT NULL,
     amount numeric(18,2) NOT NULL CHECK (amount > 0),
     PRIMARY KEY (policy_id, period, orderline_id))`,
];
