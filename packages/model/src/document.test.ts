import { describe, expect, it } from 'vitest';
import { isApprovable } from './approvable.ts';
import { bool, defineEntity, label, lookup, text } from './define.ts';
import { approvalStatus } from './option-sets/approval.ts';
import { commandGrants, commandStates, documentStatus, grantPrivileges } from './document.ts';
import { editRuleOf } from './edit-rules.ts';
import { ENTITIES, getEntity } from './registry.ts';
import { PRIVILEGES } from './security/privileges.ts';

describe('document declarations (docs/documents.md)', () => {
  const documents = ENTITIES.filter((e) => e.document);

  it('name what exists: a status option set with its states, lines that point at their document, approval fields, command inputs and privileges', () => {
    expect(documents.length).toBeGreaterThan(0);
    for (const e of documents) {
      const d = e.document!;
      const s = documentStatus(e);
      expect(s, e.logicalName).toBeDefined();
      const f = e.allFields[s!.field];
      expect(f?.type === 'optionset' && f.optionSet.name, e.logicalName).toBe(s!.set.name);
      expect(f?.readOnly, `${e.logicalName}: a status is the server's`).toBe(true);
      const values = new Set(s!.set.options.map((o) => o.value));
      for (const v of [...s!.editable, ...(s!.deletable ?? []), ...(s!.initial === undefined ? [] : [s!.initial])])
        expect(values.has(v), e.logicalName).toBe(true);
      if (d.number) expect(e.allFields[e.primaryName]?.readOnly, `${e.logicalName}: the number is the server's`).toBe(true);
      for (const l of d.lines ?? []) {
        const line = getEntity(l.entity);
        const parent = line?.allFields[l.parent];
        expect(parent?.type === 'lookup' && parent.target, `${e.logicalName} → ${l.entity}`).toBe(e.logicalName);
        for (const [doc, sum] of Object.entries(l.totals ?? {})) {
          expect(e.allFields[doc]?.readOnly, `${e.logicalName}.${doc}`).toBe(true);
          expect(line!.allFields[sum], `${l.entity}.${sum}`).toBeDefined();
        }
      }
      for (const [name, c] of Object.entries(d.commands ?? {})) {
        for (const g of commandGrants(c)) {
          for (const v of grantPrivileges(g)) expect(Object.hasOwn(PRIVILEGES, v), `${e.logicalName}.${name}`).toBe(true);
          if (g.party) expect(e.allFields[g.party]?.type === 'lookup', `${e.logicalName}.${name}: ${g.party}`).toBe(true);
        }
        for (const v of [...commandStates(c), ...(c.to === undefined ? [] : [c.to])])
          expect(values.has(v), `${e.logicalName}.${name}`).toBe(true);
        for (const i of c.inputs ?? []) expect(e.allFields[i], `${e.logicalName}.${name}: ${i}`).toBeDefined();
      }
    }
  });

  it('declare approval exactly where the approval fields are, and their status is the approval status unless their own', () => {
    expect(
      ENTITIES.filter((e) => e.document?.approval)
        .map((e) => e.logicalName)
        .sort(),
    ).toEqual(
      ENTITIES.filter(isApprovable)
        .map((e) => e.logicalName)
        .sort(),
    );
    expect(editRuleOf(getEntity('new_srv_amountadjustment')!)).toMatchObject({
      field: 'new_approvalstatus',
      states: [1, 4],
      deleteStates: [1],
    });
    expect(editRuleOf(getEntity('new_srv_partsapply')!)).toMatchObject({
      field: 'new_approvalstatus',
      closedBy: 'new_isclose',
      closedLocked: 'parts.closed',
    });
  });

  it('bring an approval document the approval section at the end of its form and an under-review view, unless it declares them', () => {
    const fixture = defineEntity({
      logicalName: 'new_fixture_doc',
      entitySet: 'new_fixture_docs',
      label: label('测试单', 'Fixture'),
      scope: { kind: 'station', field: 'new_station_id' },
      access: { read: 'quota.read' },
      document: { approval: { commit: 'new_iscommit' } },
      fields: {
        new_name: text(label('单号', 'Number')),
        new_station_id: lookup('new_srv_station', label('服务站', 'Station')),
        new_iscommit: bool(label('已提交', 'Submitted'), { readOnly: true }),
      },
      views: {
        all: { label: label('全部', 'All'), columns: ['new_name', 'new_approvalstatus', 'new_station_id', 'createdon'], orderBy: [] },
      },
      forms: { main: [{ key: 'basic', label: label('基本', 'Basic'), fields: ['new_name'] }] },
    });
    expect(fixture.forms.main!.map((s) => s.key)).toEqual(['basic', 'approval']);
    expect(fixture.forms.main![1]).toMatchObject({ on: 'edit', fields: expect.arrayContaining(['new_stepuser_id', 'new_iscommit']) });
    expect(fixture.views.toApprove).toMatchObject({
      label: { 'zh-CN': '审批中' },
      columns: ['new_name', 'new_station_id', 'new_stepname', 'new_stepuser_id', 'new_submittime'],
      filter: { new_approvalstatus: approvalStatus.underReview },
    });
    // The expense claim's own "approval" section (adjustments and confirmation) stays its own.
    expect(getEntity('new_srv_expense_claim')!.forms.main!.filter((s) => s.key === 'approval')).toHaveLength(1);
  });

  it('give a declared line its document’s edit rule through its parent lookup', () => {
    expect(editRuleOf(getEntity('new_srv_productreturndetail')!)).toEqual({ parent: 'new_productreturn_id' });
  });
});
