import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { visibleMenu } from '../../app/menu.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

// The first screen of a file loads the shell and antd (slow on a shared 2-core machine).
vi.setConfig({ testTimeout: 120_000 });
const LONG = { timeout: 30_000 };

const DAYS = [
  { new_workcalendardayid: 'd2', new_date: '2027-02-20', new_isworking: true, new_name: '春节调休上班' },
  { new_workcalendardayid: 'd1', new_date: '2027-01-01', new_isworking: false, new_name: '2027 年元旦（全年安排公布前先行录入）' },
];

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('working calendar (/systemparameter/workcalendar)', () => {
  it("is an administrator's screen under 系统, with create and edit beside it", () => {
    expect(findRoute('/systemparameter/workcalendar')?.permissions).toEqual(['parameter.manage']);
    expect(findRoute('/systemparameter/workcalendar/create')?.permissions).toEqual(['parameter.manage']);
    expect(findRoute('/systemparameter/workcalendar/edit/d1')?.name).toBe('workCalendarEdit');
    const system = visibleMenu(['parameter.manage']).find((g) => g.key === 'system');
    expect(system?.items.find((i) => i.key === 'workCalendar')).toMatchObject({ path: '/systemparameter/workcalendar', enabled: true });
    expect(
      visibleMenu(['expense.read'])
        .flatMap((g) => g.items)
        .some((i) => i.key === 'workCalendar'),
    ).toBe(false);
  });

  it('says how working days are counted, lists the days newest first as 上班/放假, and 新建 opens the form', async () => {
    signInAs(['parameter.manage']);
    const f = stubServer((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_workcalendardays') ? envelope({ value: DAYS, '@odata.count': 2 }) : undefined,
    );
    const { router } = renderApp('/systemparameter/workcalendar');
    expect((await screen.findByTestId('work-calendar-intro', {}, LONG)).textContent).toContain('尚未公布安排的年份按周一至周五计算');
    const rows = await screen.findAllByTestId('list-row', {}, LONG);
    expect(within(rows[0]).getByText('上班')).toBeTruthy();
    expect(within(rows[1]).getByText('放假')).toBeTruthy();
    const q = f.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/crmdata/Retrieve/new_workcalendardays'))!;
    expect(new URL(q, 'http://x').searchParams.get('$orderby')).toBe('new_date desc');
    fireEvent.click(screen.getByTestId('list-new'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/systemparameter/workcalendar/create'), LONG);
    for (const field of ['new_date', 'new_isworking', 'new_name'])
      expect(await screen.findByTestId(`field-${field}`, {}, LONG)).toBeTruthy();
  });
});
