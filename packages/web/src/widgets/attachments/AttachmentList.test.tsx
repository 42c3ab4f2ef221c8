import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubServer } from '../../test/render-app.tsx';
import { AttachmentList } from './AttachmentList.tsx';
import { ATTACHMENT_MAX_BYTES, attachmentTooLarge, canPreview } from './rules.ts';

const FILES = [
  { Id: 'f1', FileName: '现场照片.JPG', FileSize: 204800, ContentType: 'image/jpeg', CreatedOn: '2026-03-01T02:00:00Z' },
  { Id: 'f2', FileName: '维修报告.pdf', FileSize: 1048576, ContentType: 'application/pdf', CreatedOn: '2026-03-02T02:00:00Z' },
  { Id: 'f3', FileName: 'logo.svg', FileSize: 900, ContentType: 'image/svg+xml', CreatedOn: '2026-03-02T02:00:00Z' },
];

const bigFile = (name: string, size: number) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

function server(list = FILES, extra?: (url: string, init: RequestInit) => Response | undefined) {
  return stubServer((url, init) => {
    const own = extra?.(url, init);
    if (own) return own;
    if (url.startsWith('/api/attachment?')) return envelope(list);
    if (url.startsWith('/api/attachment/delete/')) return envelope(null);
    if (url.startsWith('/api/attachment/download/'))
      return new Response(new Blob(['img'], { type: 'image/jpeg' }), { headers: { 'content-type': 'image/jpeg' } });
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('attachment rules (spec 000 §2, §5)', () => {
  it('previews only png, jpg, jpeg, gif, svg', () => {
    for (const n of ['a.png', 'a.JPG', 'a.jpeg', 'a.gif', 'a.svg']) expect(canPreview(n), n).toBe(true);
    for (const n of ['a.pdf', 'a.bmp', 'a.webp', 'png', 'a.docx']) expect(canPreview(n), n).toBe(false);
  });
  it('uploads must be under 50MB', () => {
    expect(ATTACHMENT_MAX_BYTES).toBe(50 * 1024 * 1024);
    expect(attachmentTooLarge(ATTACHMENT_MAX_BYTES - 1)).toBe(false);
    expect(attachmentTooLarge(ATTACHMENT_MAX_BYTES)).toBe(true);
  });
});

describe('AttachmentList', () => {
  it('lists FileName and FileSize with the row hooks; preview only for images', async () => {
    const f = server();
    render(<AttachmentList moduleType="new_srv_worker" objectId="w-1" />);
    const rows = await screen.findAllByTestId('attachment-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['f1', 'f2', 'f3']);
    expect(rows[1].getAttribute('data-filename')).toBe('维修报告.pdf');
    expect(screen.getByText('文件名')).toBeTruthy();
    expect(screen.getByText('文件大小')).toBeTruthy();
    expect(within(rows[1]).getByText('1.00 MB')).toBeTruthy();
    expect(within(rows[0]).queryByTestId('attachment-preview')).not.toBeNull();
    expect(within(rows[1]).queryByTestId('attachment-preview')).toBeNull();
    expect(within(rows[2]).queryByTestId('attachment-preview')).not.toBeNull();
    expect(f.mock.calls[0][0]).toBe('/api/attachment?moduleType=new_srv_worker&objectId=w-1');
  });

  it('shows 暂无附件 when there are none', async () => {
    server([]);
    render(<AttachmentList moduleType="new_notice" objectId="n-1" />);
    expect((await screen.findByTestId('attachment-empty')).textContent).toBe('暂无附件');
  });

  it('opens an image preview dialog from the downloaded file', async () => {
    const created = vi.fn(() => 'blob:preview');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    server();
    render(<AttachmentList moduleType="new_srv_worker" objectId="w-1" />);
    const rows = await screen.findAllByTestId('attachment-row');
    await act(async () => fireEvent.click(within(rows[0]).getByTestId('attachment-preview')));
    const dialog = await screen.findByTestId('attachment-preview-dialog');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('blob:preview');
  });

  it('delete with nothing selected: 请至少选择一个文件; with a selection: 确定删除？ then deletes each', async () => {
    const f = server();
    render(<AttachmentList moduleType="new_srv_worker" objectId="w-1" />);
    const rows = await screen.findAllByTestId('attachment-row');
    fireEvent.click(screen.getByTestId('attachment-delete'));
    expect((await screen.findAllByText('请至少选择一个文件')).length).toBeGreaterThan(0);

    fireEvent.click(within(rows[0]).getByRole('checkbox'));
    fireEvent.click(within(rows[2]).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('attachment-delete'));
    expect((await screen.findAllByText('确定删除？')).length).toBeGreaterThan(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    await waitFor(() => {
      const urls = f.mock.calls.map(([u]) => String(u));
      expect(urls).toContain('/api/attachment/delete/new_srv_worker/f1');
      expect(urls).toContain('/api/attachment/delete/new_srv_worker/f3');
    });
  });

  it('refuses a file of 50MB or more: 上传文件大小不能超过 50MB!', async () => {
    const f = server();
    render(<AttachmentList moduleType="new_srv_worker" objectId="w-1" />);
    await screen.findAllByTestId('attachment-row');
    await act(async () =>
      fireEvent.change(screen.getByTestId('attachment-upload'), { target: { files: [bigFile('大文件.zip', ATTACHMENT_MAX_BYTES)] } }),
    );
    expect((await screen.findAllByText('上传文件大小不能超过 50MB!')).length).toBeGreaterThan(0);
    expect(f.mock.calls.some(([u]) => String(u) === '/api/attachment/upload')).toBe(false);
  });

  it('uploads with the spec fields and alerts an ErrorCode -1 answer', async () => {
    let sent: FormData | null = null;
    server(FILES, (url, init) => {
      if (url === '/api/attachment/upload') {
        sent = init.body as FormData;
        return new Response(JSON.stringify({ ErrorCode: -1, Message: '不允许上传可执行文件', Data: null }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return undefined;
    });
    render(<AttachmentList moduleType="new_srv_worker" objectId="w-1" />);
    await screen.findAllByTestId('attachment-row');
    await act(async () =>
      fireEvent.change(screen.getByTestId('attachment-upload'), { target: { files: [new File(['abc'], '报告.pdf')] } }),
    );
    expect(await screen.findByText('不允许上传可执行文件')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm-error')).not.toBeNull();
    const fd = sent as unknown as FormData;
    expect(fd.get('ModuleType')).toBe('new_srv_worker');
    expect(fd.get('ObjectId')).toBe('w-1');
    expect(fd.get('FileName')).toBe('报告.pdf');
    expect(fd.get('IsOverwrite')).toBe('0');
    expect(fd.get('FileId')).toBe('');
    expect((fd.get('file') as File).name).toBe('报告.pdf');
  });

  it('read-only: no upload or delete', async () => {
    server();
    render(<AttachmentList moduleType="new_notice" objectId="n-1" readOnly />);
    await screen.findAllByTestId('attachment-row');
    expect(screen.queryByTestId('attachment-upload')).toBeNull();
    expect(screen.queryByTestId('attachment-delete')).toBeNull();
    expect(screen.getAllByTestId('attachment-download').length).toBe(3);
  });
});
