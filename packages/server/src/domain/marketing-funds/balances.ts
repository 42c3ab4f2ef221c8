import { approvalStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { formatCents, toCents } from '../money.ts';

/** One kind of a dealer's marketing funds (amounts as '1234.50'). */
export interface FundBalance {
  /** Approved applications of the kind. */
  count: number;
  /** Σ approved amounts (after the approvers' cuts). */
  approved: string;
  /** Σ approved claims (written off: credited to the dealer's account). */
  writtenOff: string;
  /** Σ claims under review (reserved). */
  pending: string;
  /** approved − written off. */
  remaining: string;
}

export interface FundBalances {
  cost: FundBalance;
  activity: FundBalance;
}

/**
 * A dealer's marketing funds per kind (cost applications, activities), over its approved
 * applications: approved, written off (Σ approved claims), under review and remaining. `holderUnitId`
 * is the dealer (the account holder): its applications are owned by its unit. Written off and
 * pending are the amounts each claim's approval and submission keep on its application.
 */
export async function fundBalances(sql: Sql, holderUnitId: string): Promise<FundBalances> {
  const { rows } = await sql.query<{ kind: 'cost' | 'activity'; n: number; approved: string; used: string; pending: string }>(
    `SELECT 'cost' AS kind, count(*)::int AS n, COALESCE(sum(new_approvedamount), 0)::text AS approved,
            COALESCE(sum(new_usedamount), 0)::text AS used, COALESCE(sum(new_pendingamount), 0)::text AS pending
       FROM new_costapply WHERE owningbusinessunit = $1::uuid AND new_approvalstatus = $2
     UNION ALL
     SELECT 'activity', count(*)::int, COALESCE(sum(new_approvedamount), 0)::text,
            COALESCE(sum(new_usedamount), 0)::text, COALESCE(sum(new_pendingamount), 0)::text
       FROM new_activityapply WHERE owningbusinessunit = $1::uuid AND new_approvalstatus = $2`,
    [holderUnitId, approvalStatus.approved],
  );
  const of = (kind: 'cost' | 'activity'): FundBalance => {
    const r = rows.find((x) => x.kind === kind)!;
    const approved = toCents(r.approved);
    const used = toCents(r.used);
    return {
      count: r.n,
      approved: formatCents(approved),
      writtenOff: formatCents(used),
      pending: formatCents(toCents(r.pending)),
      remaining: formatCents(approved - used),
    };
  };
  return { cost: of('cost'), activity: of('activity') };
}
