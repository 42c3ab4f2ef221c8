import { WORKER_LINK_API, type WorkerLinkCandidates } from '@portal/model';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubServer } from '../../test/render-app.tsx';
import { refusal } from '../parts/test-server.ts';
import { WorkerLinkDialog } from './WorkerLinkDialog.tsx';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

// Opened on 赵磊's personnel record, linked to engineer1; station1 is free, 钱晓东's account is linked elsewhere.
const CANDIDATES: WorkerLinkCandidates = {
  self: { id: 'w1', name: '赵磊', code: 'SH001-E001', linkedId: 'u-eng', linkedName: '赵磊（engineer1）' },
  options: [
    { id: 'u-eng', name: '赵磊', code: 'engineer1', linkedId: 'w1', linkedName: '赵磊' },
    { id: 'u-st1', name: '陈志强', code: 'station1', linkedId: null, linkedName: null },
    { id: 'u-qxd', name: '钱晓东', code: 'qian', linkedId: 'w2', linkedName: '钱晓东' },
  ],
};

function server(answer: () => Response = () => envelope({ id: 'u-st1', message: '已关联' }, '已关联')) {
  const sent: { path: string; body: unknown }[] = [];
  stubServer((url, init) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === `${WORKER_LINK_API}/candidates`) return envelope(u.searchParams.get('workerId') === 'w1' ? CANDIDATES : null);
    if (u.pathname.startsWith(WORKER_LINK_API)) {
      sent.push({ path: u.pathname, body: JSON.parse(String(init.body)) });
      return answer();
    }
    return undefined;
  });
  return sent;
}

async function choose(label: string) {
  const root = screen.getByTestId('wl-select').closest('.ant-select') as HTMLElement;
  await act(async () => fireEvent.mouseDown(root.querySelector('.ant-select-selector, input') as Element));
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (el) => el.textContent === label,
    );
    if (!o) throw new Error(`no option ${label}`);
    return o as HTMLElement;
  });
  await act(async () => fireEvent.click(option));
}

const open = (onChanged = vi.fn(), onClose = vi.fn()) => {
  render(<WorkerLinkDialog open side="worker" id="w1" onClose={onClose} onChanged={onChanged} />);
  return { onChanged, onClose };
};

describe('the user ↔ personnel record link dialog', () => {
  it("shows the current link, offers the station's other accounts with theirs, and links the one picked", async () => {
    const sent = server();
    const { onChanged, onClose } = open();
    expect((await screen.findByTestId('wl-current')).textContent).toBe('赵磊（engineer1）');
    await act(async () =>
      fireEvent.mouseDown(screen.getByTestId('wl-select').closest('.ant-select')!.querySelector('.ant-select-selector, input')!),
    );
    const offered = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')].map((x) => x.textContent);
      expect(o.length).toBeGreaterThan(0);
      return o;
    });
    // The account already linked to this record is not offered again; another's current link is shown.
    expect(offered).toEqual(['陈志强（station1）', '钱晓东（qian） · 当前关联：钱晓东']);
    await choose('陈志强（station1）');
    await act(async () => fireEvent.click(screen.getByTestId('wl-ok')));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([{ path: `${WORKER_LINK_API}/link`, body: { userId: 'u-st1', workerId: 'w1' } }]);
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    server(() => refusal(400, '服务人员“钱晓东”已关联用户“钱晓东（qian）”，请先解除该关联', 'workerLink.takenBy', 'workerId'));
    const { onChanged, onClose } = open();
    await screen.findByTestId('wl-current');
    await choose('钱晓东（qian） · 当前关联：钱晓东');
    await act(async () => fireEvent.click(screen.getByTestId('wl-ok')));
    expect((await screen.findByTestId('wl-error')).textContent).toContain('请先解除该关联');
    expect(onChanged).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('unlinks the account linked to the record', async () => {
    const sent = server(() => envelope({ id: 'u-eng', message: '已解除' }, '已解除'));
    const { onChanged } = open();
    await screen.findByTestId('wl-current');
    await act(async () => fireEvent.click(screen.getByTestId('wl-unlink')));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent).toEqual([{ path: `${WORKER_LINK_API}/unlink`, body: { userId: 'u-eng' } }]);
  });
});
