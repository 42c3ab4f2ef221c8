import { accountMoveKind, getEntity, msg, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { normGuid } from '../../records/validate.ts';
import { postAccountMove } from '../dealer-account/ledger.ts';
import { formatCents, toCents } from '../money.ts';
import { assertClaimable, assertFits, atFields, dealerUnit, FUND_TABLES, type Fund, type FundKind, lockFund } from './funds.ts';

/*
 * The write-off claim's business (费用核销, declared on the entity: number HX<month>, actual cost
 * lines summed into its amount, approval). A claim names exactly one approved application of its
 * own dealer (an activity not found 不合格 on site, or a cost application). Σ of the application's
 * approved claims and claims under review never exceeds its approved amount:
 *
 * - save (the claim's target, a cost line): this claim's lines must fit what is left to claim;
 * - submit: checked again and reserved (pending += amount), the application row locked, so
 *   concurrent claims queue there and cannot overdraw; photos (images) are required;
 * - final approval: the reservation becomes written off (used += amount, pending −= amount) and the
 *   dealer's account is credited (account move kind fund, key fund:<id>);
 * - a round ending unapproved (rejected, vetoed, revoked) gives the reservation back.
 *
 * Locks: the claim (record service, approval engine), then its application.
 */

const USE = getEntity('new_activityuse')!;

type Claim = {
  unit: string;
  name: string;
  activity: string | null;
  cost: string | null;
};

async function claimOf(sql: Sql, id: string): Promise<Claim> {
  const {
    rows: [c],
  } = await sql.query<Claim>(
    `SELECT owningbusinessunit AS unit, new_name AS name, new_activityapply_id AS activity, new_costapply_id AS cost
       FROM new_activityuse WHERE new_activityuseid = $1::uuid`,
    [id],
  );
  return c;
}

/** The claim's target: exactly one of the two applications (refused at the activity field otherwise). */
function targetOf(c: { activity: unknown; cost: unknown }): { kind: FundKind; id: string } {
  const activity = c.activity ? normGuid(c.activity) : null;
  const cost = c.cost ? normGuid(c.cost) : null;
  if (activity && cost) throw refuse('funds.useTargetBoth', undefined, 'new_costapply_id');
  if (activity) return { kind: 'activity', id: activity };
  if (cost) return { kind: 'cost', id: cost };
  throw refuse('funds.useTargetRequired', undefined, 'new_activityapply_id');
}

/** The claim's application, locked and checked claimable by the claim's dealer. */
async function lockTarget(sql: Sql, c: Claim, lang: Lang): Promise<Fund> {
  const t = targetOf(c);
  const f = await lockFund(sql, t.kind, t.id);
  const field = FUND_TABLES[t.kind].field;
  if (!f) throw refuse('funds.useTargetRequired', undefined, field);
  assertClaimable(f, c.unit, field, lang);
  return f;
}

const linesTotal = async (sql: Sql, id: string): Promise<bigint> =>
  toCents(
    (
      await sql.query<{ s: string }>(
        'SELECT COALESCE(sum(new_amount), 0)::text AS s FROM new_activityusedetail WHERE new_activityuse_id = $1::uuid',
        [id],
      )
    ).rows[0].s,
  );

/** Save: the claim's target is claimable and its lines fit what is left (refused at `field`). */
async function checkClaim(sql: Sql, id: string, field: string | null, lang: Lang): Promise<Fund> {
  const c = await claimOf(sql, id);
  const f = await lockTarget(sql, c, lang);
  assertFits(f, await linesTotal(sql, id), field ?? FUND_TABLES[f.kind].field);
  return f;
}

async function moveClaim(sql: Sql, f: Fund, used: bigint, pending: bigint): Promise<void> {
  const t = FUND_TABLES[f.kind];
  await sql.query(
    `UPDATE ${t.table} SET new_usedamount = new_usedamount + $2::numeric, new_pendingamount = new_pendingamount + $3::numeric,
            modifiedon = now() WHERE ${t.pk} = $1::uuid`,
    [f.id, formatCents(used), formatCents(pending)],
  );
}

const amountOf = async (sql: Sql, id: string): Promise<bigint> =>
  toCents(
    (await sql.query<{ a: string | null }>('SELECT new_amount::text AS a FROM new_activityuse WHERE new_activityuseid = $1::uuid', [id]))
      .rows[0].a,
  );

/** Submit: lines and photos present, the lines fit what is left (under the application's lock), then reserved. */
async function submit(sql: Sql, id: string): Promise<void> {
  const total = await linesTotal(sql, id);
  if (total <= 0n) throw refuse('funds.linesRequired');
  const {
    rows: [p],
  } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM file_attachment WHERE module_type = 'new_activityuse' AND object_id = $1::uuid AND content_type LIKE 'image/%'`,
    [id],
  );
  if (!p.n) throw refuse('funds.photosRequiredUse');
  const f = await checkClaim(sql, id, null, 'zh-CN');
  // The amount reserved is the one the approver sees (the lines' sum, kept on the claim).
  await sql.query('UPDATE new_activityuse SET new_amount = $2::numeric WHERE new_activityuseid = $1::uuid', [id, formatCents(total)]);
  await moveClaim(sql, f, 0n, total);
}

/** Final approval: written off, and the dealer's account credited by the claim's amount. */
async function approved(sql: Sql, id: string, approverId: string): Promise<void> {
  const c = await claimOf(sql, id);
  const f = await lockTarget(sql, c, 'zh-CN');
  const amount = await amountOf(sql, id);
  await moveClaim(sql, f, amount, -amount);
  await sql.query('UPDATE new_activityuse SET new_creditedon = now() WHERE new_activityuseid = $1::uuid', [id]);
  await postAccountMove(sql, approverId, {
    unitId: c.unit,
    kind: accountMoveKind.fund,
    amount: formatCents(-amount),
    docEntity: 'new_activityuse',
    docId: id,
    docName: c.name,
    remark: `${msg('funds.fundRemark', 'zh-CN', { name: f.name })} ${f.theme}`,
    key: `fund:${id}`,
  });
}

/** A round ended unapproved: what the submission reserved is given back. */
async function ended(sql: Sql, id: string): Promise<void> {
  const c = await claimOf(sql, id);
  const t = targetOf(c);
  const f = await lockFund(sql, t.kind, t.id);
  if (f) await moveClaim(sql, f, 0n, -(await amountOf(sql, id)));
}

export const activityUseController: DocumentController = {
  entity: USE,
  /** The claim's dealer is the caller's; its target must be claimable (checked again after the write with its lines). */
  async defaults(sql, rows, caller, lang) {
    const dealer = await dealerUnit(sql, caller);
    for (const r of rows) await atFields(lang, async () => targetOf({ activity: r.new_activityapply_id, cost: r.new_costapply_id }));
    return rows.map(() => ({ new_dealer_id: dealer, new_amount: '0' }));
  },
  write: {
    // One target, never both (before the write: the row's CHECK is only the backstop).
    async guard(sql, id, op, values, _caller, lang) {
      if (op !== 'update' || !('new_activityapply_id' in values || 'new_costapply_id' in values)) return;
      const c = await claimOf(sql, id);
      const pick = (f: string, was: string | null) => (f in values ? values[f] : was);
      await atFields(lang, async () =>
        targetOf({ activity: pick('new_activityapply_id', c.activity), cost: pick('new_costapply_id', c.cost) }),
      );
    },
    async after(sql, ids, _op, lang) {
      for (const id of ids) {
        const f = await atFields(lang, () => checkClaim(sql, id, null, lang));
        await sql.query('UPDATE new_activityuse SET new_theme = $2 WHERE new_activityuseid = $1::uuid', [id, f.theme.slice(0, 200)]);
      }
    },
  },
  lines: {
    new_activityusedetail: {
      write: {
        async after(sql, ids, _op, lang) {
          const { rows } = await sql.query<{ claim: string }>(
            'SELECT DISTINCT new_activityuse_id AS claim FROM new_activityusedetail WHERE new_activityusedetailid = ANY($1::uuid[])',
            [ids],
          );
          for (const r of rows) await atFields(lang, () => checkClaim(sql, r.claim, 'new_amount', lang));
        },
      },
    },
  },
  flow: { submit, approved, ended },
};
