import { ENTITIES, getEntity, viewsFor } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { actionsColumnWidth, defaultColumns, fitColumns, LIST_WIDTH_AT_1440, shownWidth } from './column-widths.ts';

const wo = getEntity('new_srv_workorder')!;
/** The work-order list has one row button (编辑 or 查看: no delete, no extra actions). */
const WO_ACTIONS = actionsColumnWidth(1);

describe('default column widths', () => {
  it('the room at 1440 px: window − side menu 236 − content padding 48 − scrollbar 15', () => {
    expect(LIST_WIDTH_AT_1440).toBe(1141);
  });

  it('the work-order list fits at 1440 px in every view, for head office and for an engineer', () => {
    const headOffice = viewsFor(wo, () => true);
    const engineer = viewsFor(wo, (p) => p !== 'workorder.all');
    expect(headOffice[0]).toBe('all');
    expect(engineer[0]).toBe('mine');
    for (const v of new Set([...headOffice, ...engineer])) {
      const cols = defaultColumns(wo, wo.views[v].columns, wo.views[v], WO_ACTIONS);
      expect(shownWidth(cols, WO_ACTIONS), v).toBeLessThanOrEqual(LIST_WIDTH_AT_1440);
      // The view's own choice of hidden columns is enough: nothing else had to give way.
      expect(
        cols.filter((c) => c.hidden).map((c) => c.key),
        v,
      ).toEqual(wo.views[v].columns.filter((c) => wo.views[v].hidden?.includes(c)));
    }
  });

  it('the default work-order list shows station, engineer, appointment and created time', () => {
    const cols = defaultColumns(wo, wo.views.all.columns, wo.views.all, WO_ACTIONS);
    const shown = cols.filter((c) => !c.hidden).map((c) => c.key);
    for (const f of ['new_name', 'new_dealstatus', 'new_status', 'new_station_id', 'new_worker_id', 'new_appointmenttime', 'createdon'])
      expect(shown).toContain(f);
    const widths = Object.fromEntries(cols.map((c) => [c.key, c.width]));
    // A width per kind of field: date, date and time, a name (lookup), the document number.
    expect(widths.new_appointmenttime).toBe(100);
    expect(widths.createdon).toBe(130);
    expect(widths.new_station_id).toBe(110);
    expect(widths.new_name).toBe(140);
  });

  it('every view of every entity fits, with the widest actions column', () => {
    const actions = actionsColumnWidth(3);
    for (const e of ENTITIES) {
      for (const [name, v] of Object.entries(e.views)) {
        const cols = defaultColumns(e, v.columns, v, actions);
        expect(shownWidth(cols, actions), `${e.logicalName}.${name}`).toBeLessThanOrEqual(LIST_WIDTH_AT_1440);
        expect(cols[0].hidden, `${e.logicalName}.${name} first column`).toBe(false);
        for (const h of v.hidden ?? []) expect(v.columns, `${e.logicalName}.${name} hidden ${h}`).toContain(h);
      }
    }
  });

  it('what does not fit: wide texts narrow first, then the last columns are left out', () => {
    const cols = [
      { key: 'a', width: 400, hidden: false },
      { key: 'b', width: 300, hidden: false },
      { key: 'c', width: 300, hidden: false },
      { key: 'd', width: 300, hidden: false },
    ];
    expect(fitColumns(cols, 100, 1000).map((c) => `${c.key}:${c.width}:${c.hidden}`)).toEqual([
      'a:140:false',
      'b:140:false',
      'c:300:false',
      'd:300:false',
    ]);
    expect(fitColumns(cols, 100, 600).map((c) => `${c.key}:${c.hidden}`)).toEqual(['a:false', 'b:false', 'c:false', 'd:true']);
    expect(fitColumns(cols, 100, 10).map((c) => c.hidden)).toEqual([false, true, true, true]);
  });
});
