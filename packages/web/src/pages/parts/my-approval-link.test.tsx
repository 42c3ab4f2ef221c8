import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvableEntities } from '@portal/model';
import { screenPath } from '../../app/screen-path.ts';
import { renderApp } from '../../test/render-app.tsx';
import { partsServer, resetAll, signIn } from './test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

describe('my approvals: the document behind an approval', () => {
  it('an approver of a parts application opens its own screen (lines) from 查看单据', async () => {
    signIn(['parts.read', 'approval.act'], { userType: 2 });
    partsServer({
      records: { new_srv_partsapplies: [{ new_srv_partsapplyid: 'pa1', new_name: 'PA20261123-0001', new_approvalstatus: 2 }] },
    });
    const { router } = renderApp('/myapproval/edit?entityName=new_srv_partsapply&id=pa1');
    const link = await screen.findByTestId('myapproval-open-document', {}, LONG);
    await act(async () => fireEvent.click(link));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsApply/edit/pa1'));
  });

  it('every approvable document has a screen of its own to open (奖惩单 too)', () => {
    signIn(['approval.act'], { userType: 2 });
    const none = approvableEntities()
      .filter((e) => !screenPath(e.logicalName, 'edit', 'x') && !screenPath(e.logicalName, 'view', 'x'))
      .map((e) => e.logicalName);
    expect(none).toEqual([]);
  });
});
