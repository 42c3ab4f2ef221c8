import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs } from '../../test/render-app.tsx';
import { stockServer } from '../stock/test-fakes.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

// The contract's create screen made from a lead: the server's prefill (customer and lead as picked,
// person, phone, topic) fills the form and names the source; a lead out of reach is the server's refusal.
function server() {
  return stockServer((c) => {
    if (c.path === '/api/salescontracts/prefill' && c.query.get('leadid') === 'lead1')
      return envelope({
        source: '恒丰注塑备用电机采购',
        values: {
          new_lead_id: 'lead1',
          new_customer_id: 'cust1',
          new_title: '东莞市长安镇恒丰注塑厂 · 恒丰注塑备用电机采购',
          new_contactname: '何志明',
          new_contactphone: '13649871250',
        },
        names: { new_lead_id: '恒丰注塑备用电机采购', new_customer_id: '东莞市长安镇恒丰注塑厂' },
      });
    if (c.path === '/api/salescontracts/prefill') return envelope(null, '线索不存在或无权访问', 404, 'Not Found');
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clearAll();
});

describe('sales contract screens', () => {
  it('/salescontract/create/:leadid starts from the lead: its source named, customer and lead as picked (locked), person, phone and topic filled', async () => {
    signInAs(['sales.read', 'sales.write'], { userType: 2 });
    server();
    renderApp('/salescontract/create/lead1');
    expect((await screen.findByTestId('sc-source', {}, LONG)).textContent).toContain('恒丰注塑备用电机采购');
    await waitFor(() => expect(screen.getByTestId('field-new_customer_id').textContent).toContain('东莞市长安镇恒丰注塑厂'), LONG);
    expect(screen.getByTestId('field-new_lead_id').getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByTestId('field-new_contactname') as HTMLInputElement).value).toBe('何志明');
    expect((screen.getByTestId('field-new_title') as HTMLInputElement).value).toBe('东莞市长安镇恒丰注塑厂 · 恒丰注塑备用电机采购');
  });

  it('a lead out of reach is the server’s refusal, no form', async () => {
    signInAs(['sales.read', 'sales.write'], { userType: 2 });
    server();
    renderApp('/salescontract/create/other');
    expect((await screen.findByTestId('sc-prefill-refused', {}, LONG)).textContent).toContain('线索不存在或无权访问');
    expect(screen.queryByTestId('sc-form')).toBeNull();
  });
});
