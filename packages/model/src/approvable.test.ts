import { describe, expect, it } from 'vitest';
import { approvableEntities, approvalTerms, documentLines, isApprovableName } from './approvable.ts';
import { getEntity } from './registry.ts';

describe('approvable documents (from the model: entities carrying the approval fields)', () => {
  it('are the documents under approval flows, never the flow itself or a work order', () => {
    expect(
      approvableEntities()
        .map((e) => e.logicalName)
        .sort(),
    ).toEqual([
      'new_activityapply',
      'new_activityuse',
      'new_costapply',
      'new_proprice',
      'new_receipt',
      'new_reissue',
      'new_salescontract',
      'new_salesforecast',
      'new_srv_accountapply',
      'new_srv_amountadjustment',
      'new_srv_claimfine',
      'new_srv_delaycancel',
      'new_srv_delayproduct',
      'new_srv_excellentcase',
      'new_srv_partsapply',
      'new_srv_parttransorder',
      'new_srv_productreturn',
      'new_srv_stationapply',
      'new_tempcredit',
      'salesorder',
    ]);
    expect(isApprovableName('new_srv_claimfine')).toBe(true);
    expect(isApprovableName('new_srv_workorder')).toBe(false);
    expect(isApprovableName('new_flow')).toBe(false);
    expect(isApprovableName('constructor')).toBe(false);
  });

  it('declare what the approver weighs: a money amount, an option set saying what it means, and lines from the model', () => {
    for (const e of approvableEntities()) {
      const t = approvalTerms(e.logicalName);
      expect(t, e.logicalName).toBeDefined();
      if (t!.amount) expect(e.allFields[t!.amount]?.type, e.logicalName).toBe('money');
      if (t!.meaning) expect(e.allFields[t!.meaning]?.type, e.logicalName).toBe('optionset');
    }
    const lines = (name: string) => documentLines(getEntity(name)!).map((l) => `${l.entity.logicalName}.${l.field}`);
    expect(lines('new_srv_partsapply')).toEqual(['new_srv_partsapplydetil.new_partsapply_id']);
    expect(lines('new_srv_parttransorder')).toEqual(['new_srv_parttransdetail.new_parttransorder_id']);
    expect(lines('new_srv_claimfine')).toEqual([]);
  });
});
