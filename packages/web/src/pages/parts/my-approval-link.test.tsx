import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { partsServer, resetAll, signIn } from './test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

describe('my approvals: the document behind an approval', () => {
  it('an approver of a parts application opens its own screen (lines) from 查看单据', async () => {
    signIn(['parts.read', 'approval.act'], { userType: 2 });
    partsServer({ records: { new_srv_partsapplies: [{ new_srv_partsapplyid: 'pa1', new_name: 'PA20261123-0001', new_approvalstatus: 2 }] } });
    const { router } = renderApp('/myapproval/edit?entityName=new_srv_partsapply&id=pa1');
    const link = await screen.findByTestId('myapproval-open-document', {}, LONG);
    await act(async () => fireEvent.click(link));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsApply/edit/pa1'));
  });

  it('no link for a document without a screen of its own', async () => {
    signIn(['expense.read', 'approval.act'], { userType: 2 });
    partsServer({ records: { new_srv_claimfines: [{ new_srv_claimfineid: 'c1', new_name: 'JC0001', new_approvalstatus: 2 }] } });
    renderApp('/myapproval/edit?entityName=new_srv_claimfine&id=c1');
    await screen.findByTestId('myapproval-summary', {}, LONG);
    expect(screen.queryByTestId('myapproval-open-document')).toBeNull();
  });
});
