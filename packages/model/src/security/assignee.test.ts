import { describe, expect, it } from 'vitest';
import { getEntity } from '../registry.ts';
import { assigneeReach, viewsFor } from './assignee.ts';

const has = (...privileges: string[]) => (p: string) => privileges.includes(p);
const wo = getEntity('new_srv_workorder')!;

describe('assignee scope', () => {
  it('narrows work orders and their lines and history for a reader without workorder.all', () => {
    expect(assigneeReach(wo, has('workorder.read'))).toEqual({ via: null, worker: 'new_worker_id' });
    expect(assigneeReach(wo, has('workorder.read', 'workorder.all'))).toBeNull();
    for (const name of ['new_srv_repairitem', 'new_srv_partline', 'new_srv_trouble', 'new_srv_outsideline', 'new_srv_workorderlog']) {
      const reach = assigneeReach(getEntity(name)!, has('workorder.read'));
      expect(reach?.via?.field, name).toBe('new_workorder_id');
      expect(reach?.via?.parent, name).toBe(wo);
      expect(assigneeReach(getEntity(name)!, has('workorder.all')), name).toBeNull();
    }
    expect(assigneeReach(getEntity('new_srv_worker')!, has())).toBeNull();
  });

  it('offers 我的工单 first to the engineer and not at all to the station', () => {
    expect(viewsFor(wo, has('workorder.read'))[0]).toBe('mine');
    expect(wo.views.mine.label['zh-CN']).toBe('我的工单');
    expect(viewsFor(wo, has('workorder.read', 'workorder.all'))).not.toContain('mine');
    expect(viewsFor(wo, has('workorder.read', 'workorder.all'))[0]).toBe('all');
    expect(viewsFor(wo, has('workorder.read'), ['open', 'mine'])).toEqual(['open', 'mine']);
  });
});
