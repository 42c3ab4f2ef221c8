import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';
import { greetingKey } from '../home/greeting.ts';

// A browser in California at noon of 25 November: in China it is already 04:00 on the 26th.
const ZONE = process.env.TZ;
const NOW = Date.UTC(2026, 10, 25, 20, 0, 0);

beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
  if (ZONE === undefined) delete process.env.TZ;
  else process.env.TZ = ZONE;
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('service calendar: today is the date at UTC+8 (issue 12)', () => {
  it("marks and opens China's today, as the greeting reads China's hour, whatever the browser zone", async () => {
    expect(new Date().getDate()).toBe(25); // the browser's own day
    expect(greetingKey(Date.now())).toBe('greeting.morning'); // 04:00 in China
    signInAs(['workorder.read'], { userName: 'hq', nickName: '李慧敏' });
    stubServer((url) => {
      if (url.startsWith('/api/crmdata/Retrieve/')) return envelope({ value: [], '@odata.count': 0 });
      if (url.startsWith('/api/crmpicklist/')) return envelope([]);
      if (url.startsWith('/api/notice/') || url.startsWith('/api/CrmFlow/')) return envelope(0);
      return undefined;
    });
    renderApp('/appointment/view');
    const cal = await screen.findByTestId('service-calendar', {}, { timeout: 30_000 });
    const today = await waitFor(() => {
      const c = document.querySelector('[data-testid="cal-cell"][data-today="true"]');
      if (!c) throw new Error('no today cell');
      return c;
    });
    expect(today.getAttribute('data-date')).toBe('2026-11-26');
    expect(document.querySelectorAll('[data-testid="cal-cell"][data-today="true"]')).toHaveLength(1);
    expect(today.closest('.ant-picker-calendar-date')!.className).toContain('ant-picker-calendar-date-today');
    // The browser's day is not marked as today.
    const browserDay = document.querySelector('[data-testid="cal-cell"][data-date="2026-11-25"]')!;
    expect(browserDay.closest('.ant-picker-calendar-date')!.className).not.toContain('today');
    // Day view, then 今天: China's date.
    await act(async () => fireEvent.click(within(screen.getByTestId('cal-mode')).getByText('日')));
    await act(async () => fireEvent.click(screen.getByTestId('cal-next')));
    await act(async () => fireEvent.click(screen.getByTestId('cal-today')));
    await waitFor(() => expect(cal.getAttribute('data-from')).toBe('2026-11-26'));
    expect(screen.getByTestId('cal-range').textContent).toContain('2026-11-26');
  });
});
