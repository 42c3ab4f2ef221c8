import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDirty, useUnsavedStore } from '../../app/unsaved-changes.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, stubServer } from '../../test/render-app.tsx';
import { approvableOptions } from './FlowFormPage.tsx';

const F = '@OData.Community.Display.V1.FormattedValue';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

/** Admin on flow f1 (three steps, members on two) with a fake record service; returns the writes it got. */
function openFlow() {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({ userId: 'admin', userName: 'admin', nickName: '管理员', loginType: 'password', privilege: ['portal.login', 'flow.manage'] });
  const writes: { url: string; body: unknown }[] = [];
  stubServer((url, init) => {
    if (init.method === 'POST' && url.startsWith('/api/crmdata/')) {
      writes.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
      return envelope({ id: 'new-1' });
    }
    if (url.startsWith('/api/crmdata/Retrieve/new_flows(f1)'))
      return envelope({ new_flowid: 'f1', new_name: '奖惩审批', new_entityname: 'new_srv_claimfine', new_isactive: true });
    if (url.startsWith('/api/crmdata/Retrieve/new_flowstepses'))
      return envelope({
        value: [
          { new_flowstepsid: 's1', new_name: '区域经理', new_sequence: 1, new_approvertype: 1, new_flowrole_id: null },
          {
            new_flowstepsid: 's2',
            new_name: '总监',
            new_sequence: 2,
            new_approvertype: 2,
            new_flowrole_id: 'r1',
            [`new_flowrole_id${F}`]: '总监组',
          },
          { new_flowstepsid: 's3', new_name: '财务', new_sequence: 3, new_approvertype: 1, new_flowrole_id: null },
        ],
      });
    if (url.startsWith('/api/crmdata/Retrieve/new_flowstepusers')) {
      const q = decodeURIComponent(url);
      if (q.includes('s1'))
        return envelope({ value: [{ new_flowstepuserid: 'su1', new_systemuser_id: 'u1', [`new_systemuser_id${F}`]: '王经理' }] });
      if (q.includes('s3'))
        return envelope({ value: [{ new_flowstepuserid: 'su3', new_systemuser_id: 'u3', [`new_systemuser_id${F}`]: '钱会计' }] });
      return envelope({ value: [] });
    }
    if (url.startsWith('/api/crmpicklist/')) return envelope([]);
    return undefined;
  });
  renderApp('/flow/edit/f1');
  return writes;
}

describe('flow form (steps editor)', () => {
  it('loads the steps in order, reorders, removes and saves through the record service', async () => {
    const writes = openFlow();
    await waitFor(() => expect(screen.getAllByTestId('flow-step-row')).toHaveLength(3));
    const ids = () => screen.getAllByTestId('flow-step-row').map((r) => r.getAttribute('data-step-id'));
    expect(ids()).toEqual(['s1', 's2', 's3']);
    expect(screen.getByTestId('flow-form').textContent).toContain('王经理');
    // The document type shows its name, not the logical name it stores.
    await waitFor(() => expect(screen.getByTestId('field-new_entityname').closest('.ant-select')!.textContent).toBe('奖惩单'));
    // s2 moves up, s3 is removed.
    await act(async () => fireEvent.click(screen.getAllByTestId('flow-step-up')[1]));
    expect(ids()).toEqual(['s2', 's1', 's3']);
    await act(async () => fireEvent.click(screen.getAllByTestId('flow-step-remove')[2]));
    expect(ids()).toEqual(['s2', 's1']);
    await act(async () => fireEvent.click(screen.getByTestId('flow-save')));
    await waitFor(() => expect(writes.some((w) => w.url.includes('new_flowstepses(s1)'))).toBe(true));
    const urls = writes.map((w) => w.url);
    expect(urls[0]).toBe('/api/crmdata/Update/new_flows(f1)');
    // Stored by logical name, as the flow engine finds it.
    expect(writes[0].body).toMatchObject({ new_entityname: 'new_srv_claimfine' });
    expect(urls).toContain('/api/crmdata/delete/new_flowstepusers(su3)');
    expect(urls).toContain('/api/crmdata/delete/new_flowstepses(s3)');
    const s2 = writes.find((w) => w.url === '/api/crmdata/Update/new_flowstepses(s2)')!.body;
    const s1 = writes.find((w) => w.url === '/api/crmdata/Update/new_flowstepses(s1)')!.body;
    expect(s2).toEqual({ new_name: '总监', new_flow_id: 'f1', new_sequence: 1, new_approvertype: 2, new_flowrole_id: 'r1' });
    expect(s1).toEqual({ new_name: '区域经理', new_flow_id: 'f1', new_sequence: 2, new_approvertype: 1, new_flowrole_id: null });
    // s1's user row is kept (no delete, no create).
    expect(urls).not.toContain('/api/crmdata/delete/new_flowstepusers(su1)');
    expect(urls.filter((u) => u.startsWith('/api/crmdata/create/'))).toEqual([]);
  });

  it('a step name over 100 characters is kept whole, refused at the step and not saved', async () => {
    const writes = openFlow();
    await waitFor(() => expect(screen.getAllByTestId('flow-step-row')).toHaveLength(3));
    const name = screen.getAllByTestId('flow-step-name')[1] as HTMLInputElement;
    fireEvent.change(name, { target: { value: '审'.repeat(101) } });
    expect(name.value).toHaveLength(101);
    expect(screen.getByTestId('flow-step-name-error').textContent).toBe('步骤名称不能超过 100 个字符');
    await act(async () => fireEvent.click(screen.getByTestId('flow-save')));
    expect((await screen.findAllByText('2. 步骤名称不能超过 100 个字符')).length).toBeGreaterThan(0);
    expect(writes).toHaveLength(0);
  });

  it("offers the approvable documents by name (in the user's language) and stores the logical name", async () => {
    const s = useSession.getState();
    s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
    s.setUser({
      userId: 'admin',
      userName: 'admin',
      nickName: '管理员',
      loginType: 'password',
      privilege: ['portal.login', 'flow.manage'],
    });
    expect(approvableOptions('en-US').find((o) => o.value === 'new_srv_claimfine')?.label).toBe('Reward/punishment order');
    stubServer((url) => {
      if (url.startsWith('/api/crmdata/Retrieve/')) return envelope({ value: [] });
      if (url.startsWith('/api/crmpicklist/')) return envelope([]);
      return undefined;
    });
    renderApp('/flow/createDetail');
    const select = (await screen.findByTestId('field-new_entityname', undefined, { timeout: 15_000 })).closest(
      '.ant-select',
    ) as HTMLElement;
    expect(screen.queryByRole('textbox', { name: '单据实体' })).toBeNull();
    await act(async () => fireEvent.mouseDown(select.querySelector('.ant-select-selector, input') as Element));
    const options = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
      if (o.length < 4) throw new Error('no options yet');
      return o as HTMLElement[];
    });
    // The list is virtual: the options drawn are the first of the approvable documents, in their order.
    expect(options.map((o) => o.textContent)).toEqual(
      approvableOptions('zh-CN')
        .map((o) => o.label)
        .slice(0, options.length),
    );
    expect(options.map((o) => o.textContent).join()).not.toContain('new_');
    // Searched by its name (the list is longer than what is drawn).
    await act(async () => fireEvent.change(select.querySelector('input') as Element, { target: { value: '奖惩' } }));
    const found = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
      const hit = o.find((x) => x.textContent === '奖惩单');
      if (!hit) throw new Error('not found yet');
      return hit as HTMLElement;
    });
    await act(async () => fireEvent.click(found));
    expect(select.textContent).toBe('奖惩单');
  });
});

const KEY = '/flow/edit/f1';

describe('flow editor: unsaved changes include the steps', () => {
  afterEach(() => useUnsavedStore.setState({ dirty: {} }));

  it('a loaded flow is unchanged; moving a step changes it, moving it back does not; saving clears', async () => {
    const writes = openFlow();
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
