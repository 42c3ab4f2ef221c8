import { getEntity } from '@portal/model';
import type { DocumentController } from '../../documents/controller.ts';
import { approveAmount, checkPeriod, clearCut, cutAmount, dealerUnit } from './funds.ts';

/*
 * The cost application's business (费用申请, declared on the entity: number FY<month>, approval, the
 * approver's cut). A dealer applies for itself; its period runs forwards; final approval fixes the
 * approved amount (the cut, else what was asked) that claims are written off against.
 */

const COST = getEntity('new_costapply')!;
const T = ['new_costapply', 'new_costapplyid'] as const;

export const costApplyController: DocumentController = {
  entity: COST,
  async defaults(sql, rows, caller) {
    const dealer = await dealerUnit(sql, caller);
    return rows.map(() => ({ new_dealer_id: dealer, new_usedamount: '0', new_pendingamount: '0' }));
  },
  write: { after: (sql, ids, _op, lang) => checkPeriod(sql, ...T, ids, lang) },
  flow: {
    submit: (sql, id) => clearCut(sql, ...T, id),
    approved: (sql, id) => approveAmount(sql, ...T, id),
    ended: (sql, id) => clearCut(sql, ...T, id),
  },
  commands: { cut: cutAmount },
};
