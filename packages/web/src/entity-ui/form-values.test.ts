import { getEntity } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { formSections } from './form-values.ts';

const wo = getEntity('new_srv_workorder')!;
const keys = (creating: boolean) => formSections(wo, 'zh-CN', '详细信息', [], creating).map((s) => s.key);

describe('formSections', () => {
  it('a new work order shows customer, product and station only: no result, cost, audit or pullout before it exists', () => {
    expect(keys(true)).toEqual(['customer', 'product', 'service']);
    const labels = formSections(wo, 'zh-CN', '详细信息', [], true).map((s) => s.label);
    for (const gone of ['服务结果', '费用', '审核与回访', '拉回与物流']) expect(labels).not.toContain(gone);
  });

  it('an existing work order shows every section of the model', () => {
    expect(keys(false)).toEqual(['customer', 'product', 'service', 'result', 'cost', 'closing', 'pullout']);
  });

  it('other documents leave their approval and progress sections to the edit screen', () => {
    const pa = getEntity('new_srv_partsapply')!;
    expect(formSections(pa, 'zh-CN', '', [], true).map((s) => s.key)).toEqual(['basic', 'delivery']);
    expect(formSections(pa, 'zh-CN', '', [], false).map((s) => s.key)).toEqual(['basic', 'delivery', 'state', 'approval']);
  });
});
