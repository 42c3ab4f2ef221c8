import { describe, expect, it } from 'vitest';
import { approvableEntities, isApprovableName } from './approvable.ts';

describe('approvable documents (from the model: entities carrying the approval fields)', () => {
  it('are the documents under approval flows, never the flow itself or a work order', () => {
    expect(approvableEntities().map((e) => e.logicalName).sort()).toEqual(['new_srv_accountapply', 'new_srv_amountadjustment', 'new_srv_claimfine', 'new_srv_delaycancel', 'new_srv_delayproduct', 'new_srv_excellentcase', 'new_srv_partsapply', 'new_srv_parttransorder', 'new_srv_productreturn', 'new_srv_stationapply']);
    expect(isApprovableName('new_srv_claimfine')).toBe(true);
    expect(isApprovableName('new_srv_workorder')).toBe(false);
    expect(isApprovableName('new_flow')).toBe(false);
    expect(isApprovableName('constructor')).toBe(false);
  });
});
