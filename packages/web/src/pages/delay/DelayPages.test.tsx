import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

const DELAY = (approval: number, delay: number) => ({
  new_srv_delayproductid: 'd1',
  new_name: 'YB202611-0001',
  new_station_id: 's1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
  new_serialnumber: 'HC26110001SH',
  new_customer: '上海华辰精密机械',
  new_currentenddate: '2026-12-31',
  new_newenddate: '2027-12-31',
  new_reason: '年度保养协议赠送延保',
  new_approvalstatus: approval,
  new_delaystatus: delay,
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const open = (approval: number, delay: number, privileges = ['workorder.read', 'workorder.write']) => {
  signInAs(privileges);
  stubServer((url) => (url.startsWith('/api/crmdata/Retrieve/new_srv_delayproducts(d1)') ? envelope(DELAY(approval, delay)) : undefined));
  renderApp('/delayproduct/detail/d1');
};

describe('warranty extension detail', () => {
  it('a draft offers save and submit, no cancellation', async () => {
    open(1, 1);
    expect(await screen.findByTestId('delayproduct-submit')).toBeTruthy();
    expect(screen.getByTestId('form-save')).toBeTruthy();
    expect(screen.queryByTestId('delayproduct-request-cancel')).toBeNull();
  });

  it('under review: read-only, no submit, no cancellation', async () => {
    open(2, 1);
    expect(await screen.findByTestId('delayproduct-progress')).toBeTruthy();
    expect(screen.queryByTestId('delayproduct-submit')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(screen.queryByTestId('delayproduct-request-cancel')).toBeNull();
  });

  it('an approved extension in force offers its cancellation, which opens prefilled', async () => {
    open(3, 2);
    const button = await screen.findByTestId('delayproduct-request-cancel');
    expect(button.textContent).toContain('申请取消延保');
    expect(screen.queryByTestId('delayproduct-submit')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect((screen.getByTestId('field-new_serialnumber') as HTMLInputElement).value).toBe('HC26110001SH'));
  });

  it('a cancelled extension is offered no cancellation', async () => {
    open(3, 3);
    expect(await screen.findByTestId('delayproduct-progress')).toBeTruthy();
    expect(screen.queryByTestId('delayproduct-request-cancel')).toBeNull();
  });

  it('a reader without write is offered no cancellation', async () => {
    open(3, 2, ['workorder.read']);
    expect(await screen.findByTestId('delayproduct-progress')).toBeTruthy();
    expect(screen.queryByTestId('delayproduct-request-cancel')).toBeNull();
  });
});

describe('a new warranty extension (a generic form on a station-scoped entity)', () => {
  it("presets and locks a station user's own station", async () => {
    signInAs(['workorder.read', 'workorder.write'], { userType: 3, departId: 's1', departName: '上海浦东华辰服务站' });
    stubServer();
    renderApp('/delayproduct/create');
    const station = await screen.findByTestId('field-new_station_id');
    await waitFor(() => expect(station.textContent).toContain('上海浦东华辰服务站'));
    expect(station.getAttribute('aria-disabled')).toBe('true');
  });

  it('head office picks the station', async () => {
    signInAs(['workorder.read', 'workorder.write'], { userType: 1 });
    stubServer();
    renderApp('/delayproduct/create');
    const station = await screen.findByTestId('field-new_station_id');
    expect(station.textContent).not.toContain('上海浦东华辰服务站');
    expect(station.getAttribute('aria-disabled')).not.toBe('true');
  });
});
