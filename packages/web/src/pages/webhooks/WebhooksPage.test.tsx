import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const SUB = {
  id: 's1',
  name: 'ERP',
  url: 'https://erp.example.com/hook',
  eventTypes: ['salesorder.approved'],
  state: 'active',
  ownerId: 'u1',
  ownerName: '王建国',
  consecutiveFailures: 0,
  suspendedOn: null,
  createdOn: '2026-11-29T10:00:00.000Z',
};
const DELIVERY = {
  id: 'd1',
  subscriptionId: 's1',
  subscriptionName: 'ERP',
  eventId: 'e1',
  eventType: 'salesorder.approved',
  entity: 'salesorder',
  recordId: '7d0f0000-0000-4000-8000-000000000001',
  state: 'given_up',
  attempts: 31,
  lastStatus: 500,
  lastError: null,
  nextAt: null,
  createdOn: '2026-11-28T10:00:00.000Z',
  finishedOn: '2026-11-29T10:00:00.000Z',
};

describe('webhooks (/system/webhooks)', () => {
  it('lists subscriptions, shows a new one’s secret once, and redelivers from the log', async () => {
    signInAs(['system.admin']);
    const posts: { url: string; body: unknown }[] = [];
    stubServer((url, init) => {
      if (init.method === 'POST') posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
      if (url.startsWith('/api/webhooks/event-types'))
        return envelope([{ type: 'salesorder.approved', entity: 'salesorder', label: '销售订单：已审批通过' }]);
      if (url === '/api/webhooks/subscriptions' && init.method === 'POST')
        return envelope({ subscription: { ...SUB, id: 's2', name: 'WMS' }, secret: 'whsec_shown_once' });
      if (url.startsWith('/api/webhooks/subscriptions')) return envelope([SUB]);
      if (url.startsWith('/api/webhooks/deliveries/d1/redeliver')) return envelope(null, '已重新排队投递');
      if (url.startsWith('/api/webhooks/deliveries')) return envelope({ items: [DELIVERY], total: 1 });
      return undefined;
    });
    renderApp('/system/webhooks');
    const row = await screen.findByTestId('webhook-sub-ERP', {}, { timeout: 15_000 });
    expect(row.textContent).toContain('https://erp.example.com/hook');
    await waitFor(() => expect(row.textContent).toContain('销售订单：已审批通过'));
    expect(screen.getByTestId('webhook-state-ERP').textContent).toBe('启用');

    await act(async () => fireEvent.click(screen.getByTestId('webhook-new')));
    fireEvent.change(await screen.findByTestId('webhook-name'), { target: { value: 'WMS' } });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://wms.example.com/hook' } });
    const select = screen.getByTestId('webhook-events');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByText('销售订单：已审批通过（salesorder.approved）'));
    await act(async () => fireEvent.click(screen.getByTestId('webhook-save')));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain('whsec_shown_once');
    expect(posts.find((p) => p.url === '/api/webhooks/subscriptions')?.body).toEqual({
      name: 'WMS',
      url: 'https://wms.example.com/hook',
      eventTypes: ['salesorder.approved'],
    });
    await act(async () => fireEvent.click(screen.getByTestId('webhook-secret-ok')));

    await act(async () => fireEvent.click(screen.getByTestId('webhook-tab-deliveries')));
    const delivery = await screen.findByTestId('webhook-delivery-salesorder.approved');
    expect(delivery.getAttribute('data-state')).toBe('given_up');
    expect(delivery.textContent).toContain('已放弃');
    expect(within(delivery).getByTestId('webhook-expand-d1').getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(screen.getByTestId('webhook-redeliver-d1')));
    await waitFor(() => expect(posts.map((p) => p.url)).toContain('/api/webhooks/deliveries/d1/redeliver'));
  }, 30_000);
});
