import type { LeadMatches } from '@portal/model';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, signInAs, stubServer } from '../../test/render-app.tsx';
import { QualifyDialog } from './QualifyDialog.tsx';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const LEAD = {
  leadid: 'l1',
  subject: '恒丰注塑备用电机采购',
  fullname: '何志明',
  mobilephone: '13649871250',
  companyname: '东莞市长安镇恒丰注塑厂',
};
const MATCHES: LeadMatches = {
  customers: [{ id: 'c1', name: '东莞市长安镇恒丰注塑厂', mobile: '13649871250', city: '东莞市', by: 'both' }],
  contacts: [
    { id: 'k1', fullname: '何志明', mobile: '13649871250', jobtitle: '设备部经理', customerId: 'c1', customer: '东莞市长安镇恒丰注塑厂' },
    { id: 'k2', fullname: '何晓琳', mobile: '13649871251', jobtitle: '采购', customerId: 'c1', customer: '东莞市长安镇恒丰注塑厂' },
  ],
};

/** The server: the lead's matches, and the qualify command (its bodies recorded; `refuse` answers a refusal instead). */
function server(refuse?: { message: string; field: string }) {
  const bodies: Record<string, unknown>[] = [];
  stubServer((url, init) => {
    if (url === '/api/leads/l1/matches') return envelope(MATCHES);
    if (url === '/api/documents/leads/l1/qualify') {
      bodies.push(JSON.parse(String(init.body)));
      if (refuse)
        return new Response(JSON.stringify({ ErrorCode: 400, Message: refuse.message, Data: null, error: { field: refuse.field } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      return envelope({ id: 'l1', state: 2, message: '线索已认定', opens: { entity: 'opportunity', id: 'o1' } });
    }
    return undefined;
  });
  return bodies;
}

function open() {
  signInAs(['sales.lead']);
  const onDone = vi.fn();
  render(<QualifyDialog id="l1" row={LEAD} open onClose={() => {}} onDone={onDone} />);
  return onDone;
}
/** Whether the radio its label names is chosen. */
const checked = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).checked;
const ok = () => fireEvent.click(screen.getByTestId('lead-qualify-dialog-ok'));

describe('QualifyDialog', () => {
  it('offers the matching customer first, with its contact of the lead’s mobile chosen: OK takes both', async () => {
    const bodies = server();
    const onDone = open();
    await screen.findByText(/找到 1 个名称或手机号码相同的客户/);
    expect(checked(/使用已有客户：东莞市长安镇恒丰注塑厂/)).toBe(true);
    // The customer's contacts are drawn once the form has the customer chosen (a render later).
    await waitFor(() => expect(checked(/使用已有联系人：何志明/)).toBe(true));
    expect(checked(/使用已有联系人：何晓琳/)).toBe(false);
    ok();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([{ customer: 'c1', contact: 'k1', opportunityName: '恒丰注塑备用电机采购' }]);
    expect(onDone.mock.calls[0][0]).toMatchObject({ opens: { entity: 'opportunity', id: 'o1' } });
  });

  it('a new customer takes a new contact (the matched customer’s are no longer offered); no contact at all is a choice', async () => {
    const bodies = server();
    const onDone = open();
    await screen.findByText(/找到 1 个/);
    fireEvent.click(screen.getByLabelText(/新建客户“东莞市长安镇恒丰注塑厂”/));
    await waitFor(() => expect(screen.queryByLabelText(/使用已有联系人/)).toBeNull());
    expect(checked(/新建联系人“何志明”/)).toBe(true);
    fireEvent.click(screen.getByLabelText(/不创建联系人/));
    fireEvent.change(screen.getByTestId('field-opportunityName'), { target: { value: '恒丰注塑电机年度采购' } });
    ok();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([{ customer: 'new', contact: 'none', opportunityName: '恒丰注塑电机年度采购' }]);
  });

  it('shows the server’s refusal at the choice it names, the dialog staying open', async () => {
    server({ message: '所选客户不存在或不在您的权限范围内', field: 'customer' });
    const onDone = open();
    await screen.findByText(/找到 1 个/);
    ok();
    expect((await screen.findAllByText('所选客户不存在或不在您的权限范围内')).length).toBeGreaterThan(0);
    expect(onDone).not.toHaveBeenCalled();
  });
});
