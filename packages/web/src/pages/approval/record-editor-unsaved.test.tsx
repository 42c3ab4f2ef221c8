import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDirty, useUnsavedStore } from '../../app/unsaved-changes.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, stubServer } from '../../test/render-app.tsx';

const F = '@OData.Community.Display.V1.FormattedValue';
const KEY = '/flow/edit/f1';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  useUnsavedStore.setState({ dirty: {} });
});

describe('flow editor: unsaved changes include the steps', () => {
  it('a loaded flow is unchanged; moving a step changes it, moving it back does not; saving clears', async () => {
    const s = useSession.getState();
    s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
    s.setUser({ userId: 'admin', userName: 'admin', nickName: '管理员', loginType: 'password', privilege: ['portal.login', 'flow.manage'] });
    const writes: { url: string; body: unknown }[] = [];
    stubServer((url, init) => {
      if (init.method === 'POST' && url.startsWith('/api/crmdata/')) {
        writes.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
        return envelope({ id: 'new-1' });
      }
      if (url.startsWith('/api/crmdata/Retrieve/new_flows(f1)')) return envelope({ new_flowid: 'f1', new_name: '奖惩审批', new_entityname: 'new_srv_claimfine', new_isactive: true });
      if (url.startsWith('/api/crmdata/Retrieve/new_flowstepses'))
        return envelope({
          value: [
            { new_flowstepsid: 's1', new_name: '区域经理', new_sequence: 1, new_approvertype: 1, new_flowrole_id: null },
            { new_flowstepsid: 's2', new_name: '总监', new_sequence: 2, new_approvertype: 2, new_flowrole_id: 'r1', [`new_flowrole_id${F}`]: '总监组' },
            { new_flowstepsid: 's3', new_name: '财务', new_sequence: 3, new_approvertype: 1, new_flowrole_id: null },
          ],
        });
      if (url.startsWith('/api/crmdata/Retrieve/new_flowstepusers')) {
        const q = decodeURIComponent(url);
        if (q.includes('s1')) return envelope({ value: [{ new_flowstepuserid: 'su1', new_systemuser_id: 'u1', [`new_systemuser_id${F}`]: '王经理' }] });
        if (q.includes('s3')) return envelope({ value: [{ new_flowstepuserid: 'su3', new_systemuser_id: 'u3', [`new_systemuser_id${F}`]: '钱会计' }] });
        return envelope({ value: [] });
      }
      if (url.startsWith('/api/crmpicklist/')) return envelope([]);
      return undefined;
    });
    renderApp('/flow/edit/f1');
    await waitFor(() => expect(screen.getAllByTestId('flow-step-row')).toHaveLength(3), { timeout: 40_000 });
    await waitFor(() => expect(screen.getByTestId('field-new_entityname').closest('.ant-select')!.textContent).toBe('奖惩单'));
    expect(isDirty(KEY)).toBe(false);
    await act(async () => fireEvent.click(screen.getAllByTestId('flow-step-up')[1]));
    await waitFor(() => expect(isDirty(KEY)).toBe(true));
    await act(async () => fireEvent.click(screen.getAllByTestId('flow-step-up')[1]));
    await waitFor(() => expect(isDirty(KEY)).toBe(false));
    await act(async () => fireEvent.click(screen.getAllByTestId('flow-step-remove')[2]));
    await waitFor(() => expect(isDirty(KEY)).toBe(true));
    await act(async () => fireEvent.click(screen.getByTestId('flow-save')));
    await waitFor(() => expect(writes.some((w) => w.url.includes('delete/new_flowstepses(s3)'))).toBe(true));
    await waitFor(() => expect(isDirty(KEY)).toBe(false));
  }, 90_000);
});
