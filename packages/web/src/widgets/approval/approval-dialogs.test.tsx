import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubServer } from '../../test/render-app.tsx';
import { ApprovalProgressDialog } from './ApprovalProgressDialog.tsx';
import { FlowSubmitDialog } from './FlowSubmitDialog.tsx';

afterEach(() => vi.unstubAllGlobals());
// Let antd's pending renders (modal motion, toasts) finish before jsdom goes away.

const FLOWS = [
  { new_flowid: 'f1', new_name: '奖惩审批' },
  { new_flowid: 'f2', new_name: '大额审批' },
];
const STEPS = [
  {
    new_flowstepsid: 's1',
    new_name: '区域经理',
    new_sequence: 1,
    new_stepusers: [
      { systemuserid: 'u1', fullname: '王经理' },
      { systemuserid: 'u2', fullname: '李经理' },
    ],
  },
  { new_flowstepsid: 's2', new_name: '总监', new_sequence: 2, new_stepusers: [{ systemuserid: 'u3', fullname: '赵总监' }] },
];

function server(opts: { steps?: 'ok' | 'fail' | 'empty-users' } = {}) {
  const posts: unknown[] = [];
  const f = stubServer((url, init) => {
    if (url.startsWith('/api/CrmFlow/GetFlowList')) return envelope(FLOWS);
    if (url.startsWith('/api/CrmFlow/GetFlowStepList')) {
      if (opts.steps === 'fail') return envelope(null, 'WorkflowException: 该流程没有有效的审批人', 500, 'Error');
      if (opts.steps === 'empty-users') return envelope([{ ...STEPS[0], new_stepusers: [] }]);
      return envelope(STEPS);
    }
    if (url === '/api/CrmFlow/submit') {
      posts.push(JSON.parse(String(init.body)));
      return envelope(true);
    }
    return undefined;
  });
  return { f, posts };
}

const stepText = (id: string) => document.querySelector(`[data-testid="flow-step"][data-step-id="${id}"]`)?.textContent ?? '';

describe('FlowSubmitDialog (spec 000 §4)', () => {
  it('selects the first flow and pre-selects the first candidate of each step; submit sends the choices', async () => {
    const { f, posts } = server();
    const onSubmitted = vi.fn();
    render(<FlowSubmitDialog open entityName="new_srv_claimfine" entityId="c1" canSubmit onClose={vi.fn()} onSubmitted={onSubmitted} />);
    await waitFor(() => expect(screen.getAllByTestId('flow-step')).toHaveLength(2));
    expect(screen.getByTestId('flow-submit-dialog').textContent).toContain('奖惩审批');
    const stepCall = f.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/CrmFlow/GetFlowStepList'))!;
    expect(stepCall).toContain('flowId=f1');
    expect(stepCall).toContain('entityName=new_srv_claimfine');
    expect(stepText('s1')).toContain('王经理');
    expect(stepText('s2')).toContain('赵总监');
    expect(screen.getAllByTestId('flow-step-approver').map((x) => x.textContent)).toEqual(['王经理', '赵总监']);
    const ok = screen.getByTestId('flow-submit-ok');
    expect(ok.hasAttribute('disabled')).toBe(false);
    await act(async () => fireEvent.click(ok));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      EntityId: 'c1',
      EntityTypeName: 'new_srv_claimfine',
      FlowId: 'f1',
      ApproveList: [
        { StepId: 's1', ApproveUserId: 'u1' },
        { StepId: 's2', ApproveUserId: 'u3' },
      ],
    });
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    // Says what happened (issue 12), not 操作成功 / 提交成功.
    expect(await screen.findByText('已提交')).toBeTruthy();
  });

  it('a failed step load shows the trimmed message and disables submit', async () => {
    server({ steps: 'fail' });
    render(<FlowSubmitDialog open entityName="new_srv_claimfine" entityId="c1" canSubmit onClose={vi.fn()} />);
    const err = await screen.findByTestId('flow-steps-error');
    expect(err.textContent).toContain('该流程没有有效的审批人');
    expect(err.textContent).not.toContain('WorkflowException');
    expect(screen.getByTestId('flow-submit-ok').hasAttribute('disabled')).toBe(true);
  });

  it('a step without an approver keeps submit disabled', async () => {
    server({ steps: 'empty-users' });
    render(<FlowSubmitDialog open entityName="new_srv_claimfine" entityId="c1" canSubmit onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByTestId('flow-step')).toHaveLength(1));
    expect(screen.getByTestId('flow-submit-ok').hasAttribute('disabled')).toBe(true);
  });

  it('hides submit when the submit condition does not hold', async () => {
    server();
    render(<FlowSubmitDialog open entityName="new_srv_claimfine" entityId="c1" canSubmit={false} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByTestId('flow-step')).toHaveLength(2));
    expect(screen.queryByTestId('flow-submit-ok')).toBeNull();
  });
});

describe('FlowSubmitDialog without flows', () => {
  it('says so and keeps submit disabled', async () => {
    stubServer((url) => (url.startsWith('/api/CrmFlow/GetFlowList') ? envelope([]) : undefined));
    render(<FlowSubmitDialog open entityName="new_srv_claimfine" entityId="c1" canSubmit onClose={vi.fn()} />);
    expect((await screen.findByTestId('flow-submit-noflow')).textContent).toContain('没有可用的审批流程');
    expect(screen.getByTestId('flow-submit-ok').hasAttribute('disabled')).toBe(true);
  });
});

describe('ApprovalProgressDialog (spec 000 §2)', () => {
  it('shows the steps with their status and the log, dates at UTC+8', async () => {
    stubServer((url) => {
      if (url.startsWith('/api/CrmFlow/GetFlowApproveProgressList'))
        return envelope([
          { StepId: 's2', StepName: '总监', Sequence: 2, Status: 1, UserName: '赵总监', Date: null },
          { StepId: 's1', StepName: '区域经理', Sequence: 1, Status: 2, UserName: '王经理', Date: '2026-11-20T01:30:00Z' },
        ]);
      if (url.startsWith('/api/CrmFlow/GetFlowApproveLogList'))
        return envelope([
          { LogId: 'l1', Date: '2026-11-20T00:00:00Z', ActionName: '提交', StepName: '', UserName: '陈志强', Memo: '' },
          { LogId: 'l2', Date: '2026-11-20T01:30:00Z', ActionName: '同意', StepName: '区域经理', UserName: '王经理', Memo: '同意' },
        ]);
      return undefined;
    });
    render(<ApprovalProgressDialog open entityName="new_srv_claimfine" entityId="c1" onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByTestId('approval-step')).toHaveLength(2));
    expect(screen.getAllByText('审批进度').length).toBeGreaterThan(0);
    const steps = screen.getAllByTestId('approval-step');
    expect(steps.map((s) => s.getAttribute('data-status'))).toEqual(['2', '1']);
    expect(steps[0].textContent).toBe('区域经理');
    expect(screen.getByTestId('approval-progress-dialog').textContent).toContain('2026-11-20 09:30');
    expect(screen.getAllByTestId('approval-log-row')).toHaveLength(2);
    expect(screen.queryByTestId('approval-empty')).toBeNull();
  });

  it('shows 暂无审批信息 without steps', async () => {
    stubServer((url) => (url.startsWith('/api/CrmFlow/GetFlowApprove') ? envelope([]) : undefined));
    render(<ApprovalProgressDialog open entityName="new_srv_claimfine" entityId="c1" onClose={vi.fn()} />);
    expect((await screen.findByTestId('approval-empty')).textContent).toContain('暂无审批信息');
  });

  it('shows a workflow error trimmed', async () => {
    stubServer((url) =>
      url.startsWith('/api/CrmFlow/GetFlowApprove') ? envelope(null, 'WorkflowException: 单据不存在', 500, 'Error') : undefined,
    );
    render(<ApprovalProgressDialog open entityName="new_srv_claimfine" entityId="c1" onClose={vi.fn()} />);
    const err = await screen.findByTestId('approval-error');
    expect(err.textContent).toContain('单据不存在');
    expect(err.textContent).not.toContain('WorkflowException');
  });
});
