import { describe, expect, it } from 'vitest';
import { defineEntity, label, lookup, type AssigneeScope, type EntityDef } from '../define.ts';
import { ENTITIES, getEntity } from '../registry.ts';
import { assigneeReach, viewsFor, type AssigneeReach } from './assignee.ts';

const has =
  (...privileges: string[]) =>
  (p: string) =>
    privileges.includes(p);
const wo = getEntity('new_srv_workorder')!;
const engineer = has('workorder.read', 'workorder.service', 'parts.read', 'notice.read', 'kb.read');

/** A reach as its hops, e.g. `via new_workorder_id → worker new_worker_id`, for readable expectations. */
function hops(r: AssigneeReach | null): string {
  if (!r) return 'none';
  if ('worker' in r) return `worker ${r.worker}`;
  if ('owner' in r) return `owner ${r.owner}`;
  if ('via' in r) return `via ${r.via} → ${r.parent.logicalName} · ${hops(r.reach)}`;
  return `referencedBy ${r.referencedBy.logicalName}.${r.field} · ${hops(r.reach)}`;
}

describe('assignee scope', () => {
  it('narrows work orders and their lines and history for a reader without workorder.all', () => {
    expect(assigneeReach(wo, has('workorder.read'))).toEqual({ worker: 'new_worker_id' });
    expect(assigneeReach(wo, has('workorder.read', 'workorder.all'))).toBeNull();
    for (const name of ['new_srv_repairitem', 'new_srv_partline', 'new_srv_trouble', 'new_srv_outsideline', 'new_srv_workorderlog']) {
      expect(assigneeReach(getEntity(name)!, has('workorder.read')), name).toEqual({
        via: 'new_workorder_id',
        parent: wo,
        reach: { worker: 'new_worker_id' },
      });
      expect(assigneeReach(getEntity(name)!, has('workorder.all')), name).toBeNull();
    }
    expect(assigneeReach(getEntity('new_srv_worker')!, has())).toBeNull();
  });

  it('carries what hangs off an order to the order: across several hops and from the rows that name it', () => {
    const order = 'new_srv_workorder · worker new_worker_id';
    const expected: Record<string, string> = {
      new_srv_delayproduct: `via new_workorder_id → ${order}`,
      new_srv_delaycancel: `via new_delayproduct_id → new_srv_delayproduct · via new_workorder_id → ${order}`,
      new_srv_productreturn: `via new_workorder_id → ${order}`,
      new_srv_productreturndetail: `via new_productreturn_id → new_srv_productreturn · via new_workorder_id → ${order}`,
      new_srv_partsreturndetail: `via new_partline_id → new_srv_partline · via new_workorder_id → ${order}`,
      new_srv_partsreturn: `referencedBy new_srv_partsreturndetail.new_partsreturn_id · via new_partline_id → new_srv_partline · via new_workorder_id → ${order}`,
      new_srv_partsapply: `via new_workorder_id → ${order}`,
      new_srv_partsapplydetil: `via new_partsapply_id → new_srv_partsapply · via new_workorder_id → ${order}`,
      new_srv_case: 'referencedBy new_srv_workorder.new_case_id · worker new_worker_id',
      new_srv_contract: 'referencedBy new_srv_workorder.new_contract_id · worker new_worker_id',
      new_srv_contractline:
        'via new_contract_id → new_srv_contract · referencedBy new_srv_workorder.new_contract_id · worker new_worker_id',
      new_srv_excellentcase: `via new_workorder_id → ${order}`,
    };
    for (const [name, chain] of Object.entries(expected)) {
      const e = getEntity(name)!;
      expect(hops(assigneeReach(e, engineer)), name).toBe(chain);
      // The order's wide privilege lifts the whole chain: the station principal keeps every row.
      expect(assigneeReach(e, has('workorder.read', 'parts.read', 'kb.read', 'workorder.all')), name).toBeNull();
    }
  });

  it('every declaration resolves: lookups of the right target, no loops, a worker at the end', () => {
    for (const e of ENTITIES) expect(() => assigneeReach(e, has()), e.logicalName).not.toThrow();
    const probe = (assignee: AssigneeScope) =>
      defineEntity({
        logicalName: 'new_probe',
        entitySet: 'new_probes',
        label: label('探针', 'Probe'),
        scope: { kind: 'station', field: 'new_station_id', assignee },
        fields: {
          new_station_id: lookup('new_srv_station', label('服务站', 'Station')),
          new_product_id: lookup('product', label('产品', 'Product')),
        },
      });
    expect(() => assigneeReach(probe({ via: 'new_product_id' }), has())).toThrow(
      'new_probe: assignee via new_product_id needs a lookup to an entity with an assignee scope',
    );
    expect(() => assigneeReach(probe({ via: 'new_missing' }), has())).toThrow('needs a lookup');
    expect(() => assigneeReach(probe({ worker: 'new_product_id', wide: 'workorder.all' }), has())).toThrow(
      'is not a lookup to new_srv_worker',
    );
    // The orders name cases, not this entity.
    expect(() => assigneeReach(probe({ referencedBy: { entity: 'new_srv_workorder', field: 'new_case_id' } }), has())).toThrow(
      'is not a lookup to new_probe',
    );
  });

  it('leaves no station row that hangs off an order outside the order’s reach, except by a stated reason', () => {
    // Lookups to an assignee-scoped entity from a station- or unit-scoped entity that does not
    // follow it. Each is read only with a privilege an engineer lacks, or is the other side's row.
    const reasons: Record<string, string> = {
      'new_srv_expense_claimline.new_workorder_id': 'settlement lines: expense.read (station principal, head office)',
      'new_stockoutorder.new_partsapply_id': 'a warehouse’s delivery to the station: the warehouse owns it, the station is a party',
      'new_stockoutorderdetail.new_partsapply_id': 'the delivery’s lines (as the delivery)',
      'new_stockoutorderdetail.new_partsapplydetail_id': 'the delivery’s lines (as the delivery)',
    };
    const narrowed = (e: EntityDef) => e.scope.kind === 'station' && !!e.scope.assignee;
    const found: string[] = [];
    for (const e of ENTITIES) {
      if (e.scope.kind !== 'station' && e.scope.kind !== 'businessUnit') continue;
      for (const [name, f] of Object.entries(e.allFields)) {
        if (f.type !== 'lookup' || !narrowed(getEntity(f.target)!) || narrowed(e)) continue;
        found.push(`${e.logicalName}.${name}`);
      }
    }
    expect(found.sort()).toEqual(Object.keys(reasons).sort());
  });

  it('narrows leads and opportunities to their owner, and what hangs off them, for a salesman without sales.leadall', () => {
    const salesman = has('sales.lead');
    expect(hops(assigneeReach(getEntity('lead')!, salesman))).toBe('owner ownerid');
    expect(hops(assigneeReach(getEntity('new_leadcollaborator')!, salesman))).toBe('via new_lead_id → lead · owner ownerid');
    expect(hops(assigneeReach(getEntity('opportunityproduct')!, salesman))).toBe('via opportunityid → opportunity · owner ownerid');
    for (const name of ['lead', 'opportunity', 'opportunityproduct', 'new_opportunitycompetitor'])
      expect(assigneeReach(getEntity(name)!, has('sales.lead', 'sales.leadall')), name).toBeNull();
  });

  it('offers 我的工单 first to the engineer and not at all to the station', () => {
    expect(viewsFor(wo, has('workorder.read'))[0]).toBe('mine');
    expect(wo.views.mine.label['zh-CN']).toBe('我的工单');
    expect(viewsFor(wo, has('workorder.read', 'workorder.all'))).not.toContain('mine');
    expect(viewsFor(wo, has('workorder.read', 'workorder.all'))[0]).toBe('all');
    expect(viewsFor(wo, has('workorder.read'), ['open', 'mine'])).toEqual(['open', 'mine']);
  });
});
