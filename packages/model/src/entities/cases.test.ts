import { describe, expect, it } from 'vitest';
import { getEntity } from '../registry.ts';
import { excellentCasePublish } from '../option-sets/cases.ts';

describe('excellent case scope', () => {
  it('widens reading to published rows through a read-only option field of its own that holds the published value', () => {
    const e = getEntity('new_srv_excellentcase')!;
    expect(e.scope).toMatchObject({
      kind: 'station',
      field: 'new_station_id',
      published: { field: 'new_publishstatus', value: excellentCasePublish.published },
    });
    const f = e.allFields.new_publishstatus;
    expect(f).toMatchObject({ type: 'optionset', readOnly: true });
    expect(f.type === 'optionset' && f.optionSet.options.map((o) => o.value)).toContain(excellentCasePublish.published);
  });
  it('customer cases stay station scope without a published widening (their engineer reach: security/assignee.test.ts)', () => {
    const scope = getEntity('new_srv_case')!.scope;
    expect(scope).toMatchObject({ kind: 'station', field: 'new_station_id' });
    expect(scope).not.toHaveProperty('published');
  });
});
