import { describe, expect, it } from 'vitest';
import { APPROVAL_FIELD_NAMES } from './approval-fields.ts';
import { isApprovable } from './approvable.ts';
import type { EntityDef } from './define.ts';
import { editableFields, editRuleOf, fieldRefusal, grantsOf, rowLock, stateRuleOf } from './edit-rules.ts';
import { messages } from './messages/index.ts';
import { workOrderStatus } from './option-sets/work-order.ts';
import { ENTITIES, getEntity } from './registry.ts';
import { PRIVILEGES } from './security/privileges.ts';

const served = ENTITIES.filter((e) => e.access?.write);
const optionValues = (e: EntityDef, field: string) => {
  const f = e.allFields[field];
  return f?.type === 'optionset' ? f.optionSet.options.map((o) => o.value) : [];
};

/**
 * Option sets that say where a row stands are the business steps' (issue 23): owned (readOnly)
 * unless the row's own maintainer sets them by hand, with no command behind them. Adding one here
 * is a decision, with its reason.
 */
const STATE_FIELDS_USERS_SET: Record<string, string> = {
  'new_notice.new_status': 'the publisher sets a notice draft or published on its form (notice.publish)',
  'new_kbarticle.new_state': 'head office maintains knowledge articles by hand (kb.write)',
  'product.new_state': 'head office maintains the catalogue by hand (product.write)',
  'new_srv_amountadjustment.new_adjuststatus': 'whether a draft adjustment counts: the drafter chooses, approval then decides',
};

describe('edit rules (who writes what, when)', () => {
  it('are well formed: owned option-set state fields, known states, messages and parents', () => {
    for (const e of ENTITIES) {
      const rule = editRuleOf(e);
      if (!rule) continue;
      if ('parent' in rule) {
        const f = e.allFields[rule.parent];
        expect(f?.type, `${e.logicalName}: parent ${rule.parent} is a lookup`).toBe('lookup');
        const doc = getEntity((f as { target: string }).target)!;
        const up = editRuleOf(doc);
        expect(up && 'field' in up, `${e.logicalName}: its document ${doc.logicalName} has a state rule`).toBe(true);
        if (rule.locked) expect(Object.hasOwn(messages, rule.locked), rule.locked).toBe(true);
        continue;
      }
      const values = optionValues(e, rule.field);
      expect(e.allFields[rule.field]?.readOnly, `${e.logicalName}.${rule.field} is owned`).toBe(true);
      for (const v of [rule.initial, ...rule.states, ...(rule.deleteStates ?? [])])
        expect(values, `${e.logicalName}: state ${v}`).toContain(v);
      if (rule.closedBy)
        expect(e.allFields[rule.closedBy], `${e.logicalName}.${rule.closedBy}`).toMatchObject({ type: 'bool', readOnly: true });
      for (const key of [rule.locked, rule.deleteLocked, rule.closedLocked]) if (key) expect(Object.hasOwn(messages, key), key).toBe(true);
    }
  });

  it("give field grants only to client fields, with known privileges and states of the row's rule", () => {
    for (const e of ENTITIES) {
      for (const name of Object.keys(e.allFields)) {
        const grants = grantsOf(e, name);
        if (!grants) continue;
        expect(e.allFields[name].readOnly, `${e.logicalName}.${name}: an owned field has no grants`).toBeFalsy();
        const s = stateRuleOf(e);
        for (const g of grants) {
          if (g.privilege) expect(Object.keys(PRIVILEGES), `${e.logicalName}.${name}`).toContain(g.privilege);
          if (g.states) {
            expect(s, `${e.logicalName}.${name}: states need the entity's rule`).toBeDefined();
            for (const v of g.states) expect(optionValues(s!.document, s!.rule.field), `${e.logicalName}.${name}: state ${v}`).toContain(v);
          }
        }
      }
    }
  });

  it("keep an approvable document's approval fields owned, and give it a state rule", () => {
    for (const e of ENTITIES.filter(isApprovable)) {
      for (const n of APPROVAL_FIELD_NAMES) expect(e.allFields[n].readOnly, `${e.logicalName}.${n}`).toBe(true);
      expect(stateRuleOf(e), e.logicalName).toBeDefined();
    }
  });

  it('keep status and state option sets and document numbers owned (the upcoming documents inherit this)', () => {
    for (const e of served) {
      for (const [name, f] of Object.entries(e.allFields)) {
        if (f.type !== 'optionset' || !/(status|state|statuscode)$/.test(name)) continue;
        if (STATE_FIELDS_USERS_SET[`${e.logicalName}.${name}`]) continue;
        expect(f.readOnly, `${e.logicalName}.${name} is a business step's (or list it, with a reason)`).toBe(true);
      }
      const s = editRuleOf(e);
      const number = e.allFields[e.primaryName];
      if (s && 'field' in s && number?.unique)
        expect(number.readOnly, `${e.logicalName}.${e.primaryName}: a document number is the server's`).toBe(true);
    }
    for (const key of Object.keys(STATE_FIELDS_USERS_SET)) {
      const [entity, field] = key.split('.');
      expect(getEntity(entity)?.allFields[field]?.readOnly, `${key} is listed as user-set`).toBeFalsy();
    }
  });
});

describe("the work order's rule", () => {
  const wo = getEntity('new_srv_workorder')!;
  const station = (p: string) => ['workorder.write', 'workorder.dispatch'].includes(p);
  const hq = (p: string) => ['workorder.write', 'workorder.audit'].includes(p);
  const row = (s: number) => ({ new_status: s });

  it('lets the form change open and completed orders, and delete only undispatched ones', () => {
    expect(rowLock(wo, row(workOrderStatus.arrived), 'update')).toBeNull();
    expect(rowLock(wo, row(workOrderStatus.completed), 'update')).toBeNull();
    expect(rowLock(wo, row(workOrderStatus.audited), 'update')).toBe('wo.notEditable');
    expect(rowLock(wo, row(workOrderStatus.cancelled), 'update')).toBe('wo.notEditable');
    expect(rowLock(wo, { new_status: null }, 'delete')).toBeNull();
    expect(rowLock(wo, row(workOrderStatus.dispatched), 'delete')).toBe('wo.notEditable');
  });

  it('leaves rewards and fines to head office, and the claimed costs to the auditor once completed', () => {
    const completed = workOrderStatus.completed;
    expect(fieldRefusal(wo, 'new_fineamount', workOrderStatus.notDispatched, station)).toBe('privilege');
    expect(fieldRefusal(wo, 'new_fineamount', completed, hq)).toBeNull();
    expect(fieldRefusal(wo, 'new_specialfee', workOrderStatus.arrived, station)).toBeNull();
    expect(fieldRefusal(wo, 'new_specialfee', completed, station)).toBe('privilege');
    expect(fieldRefusal(wo, 'new_warranty', completed, hq)).toBeNull();
    expect(fieldRefusal(wo, 'new_station_id', workOrderStatus.dispatched, hq)).toBe('state');
    expect(fieldRefusal(wo, 'new_pulloutstatus', completed, () => true)).toBe('owned');
    expect(fieldRefusal(wo, 'createdby', completed, () => true)).toBe('unknown');
  });

  it('tells a form which fields stay read-only', () => {
    const fields = ['new_customer', 'new_othercost', 'new_fineamount', 'new_status'];
    expect([...editableFields(wo, fields, row(workOrderStatus.completed), station)]).toEqual(['new_customer']);
    expect([...editableFields(wo, fields, row(workOrderStatus.completed), hq)]).toEqual([
      'new_customer',
      'new_othercost',
      'new_fineamount',
    ]);
    expect([...editableFields(wo, fields, null, station)]).toEqual(['new_customer', 'new_othercost']);
    expect(editableFields(wo, fields, row(workOrderStatus.audited), hq).size).toBe(0);
  });

  it('lets a line change only while its document may', () => {
    const line = getEntity('new_srv_contractline')!;
    expect(rowLock(line, { new_status: 1 }, 'update')).toBeNull();
    expect(rowLock(line, { new_status: 2 }, 'delete')).toBe('parts.linesLocked');
  });
});
