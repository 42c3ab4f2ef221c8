import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { F, partsServer, refusal, resetAll, signIn, type Row } from '../parts/test-server.ts';
import { envelope } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(resetAll);

const doc = (extra: Row = {}): Row => ({
  new_filedownloadid: 'd1',
  new_name: '华辰 HC-75 螺杆空压机安装手册',
  new_category: 1,
  new_audience: 1,
  new_version: 'V3.2',
  new_state: 2,
  new_filename: '华辰 HC-75 螺杆空压机安装手册.pdf',
  new_filesize: '36 KB',
  new_contenttype: 'application/pdf',
  new_downloadcount: 128,
  ...extra,
});

/** The parts test server for the record reads, plus the content calls: files as PDF bytes, commands as given. */
function contentServer(row: Row, command?: (path: string) => Response | undefined) {
  const rows = [row];
  const calls: { method: string; path: string }[] = [];
  const records = partsServer({ records: { new_filedownloads: rows } });
  const fallback = records.f.getMockImplementation()!;
  const content = (url: string, init: RequestInit): Response | undefined => {
    const u = new URL(url, 'http://x');
    if (!u.pathname.startsWith('/api/content/')) return undefined;
    calls.push({ method: (init.method ?? 'GET').toUpperCase(), path: u.pathname });
    if (u.pathname.endsWith('/download')) {
      rows[0] = { ...rows[0], new_downloadcount: Number(rows[0].new_downloadcount) + 1 };
      return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': "attachment; filename*=UTF-8''manual.pdf" },
      });
    }
    if (u.pathname.endsWith('/preview'))
      return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="manual.pdf"' },
      });
    return command?.(u.pathname) ?? envelope({ id: 'd1', message: '已发布' }, '已发布');
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => content(String(input), init) ?? fallback(input, init)),
  );
  return { calls, rows };
}

describe('download centre view', () => {
  it('a reader sees the document as descriptions with 下载 and 预览 and no attachments tab; 下载 is counted and shown, 预览 offers the PDF in a window of its own', async () => {
    signIn(['kb.read']);
    const s = contentServer(doc());
    renderApp('/filedownload/view/d1');
    await screen.findByTestId('content-download', {}, LONG);
    expect(screen.getByTestId('record-descriptions')).toBeTruthy();
    expect(screen.getByTestId('view-new_filesize').textContent).toBe('36 KB');
    expect(screen.queryByTestId('form-tab-attachments')).toBeNull();
    expect(screen.queryByTestId('content-publish')).toBeNull();
    expect(screen.queryByTestId('content-state')).toBeNull();
    expect(screen.getByTestId('content-view').getAttribute('data-downloads')).toBe('128');
    await act(async () => fireEvent.click(screen.getByTestId('content-download')));
    await waitFor(() => expect(s.calls).toContainEqual({ method: 'GET', path: '/api/content/filedownload/d1/download' }));
    await waitFor(() => expect(screen.getByTestId('content-view').getAttribute('data-downloads')).toBe('129'));
    await act(async () => fireEvent.click(screen.getByTestId('content-preview')));
    const dialog = await screen.findByTestId('content-preview-dialog');
    expect(dialog.getAttribute('data-type')).toBe('application/pdf');
    expect(screen.getByTestId('content-preview-open').getAttribute('href')).toBe('blob:preview-1');
    expect(s.calls.filter((c) => c.path.endsWith('/download'))).toHaveLength(1);
  });

  it('a spreadsheet offers 下载 only', async () => {
    signIn(['kb.read']);
    contentServer(
      doc({ new_filename: '价格表.xlsx', new_contenttype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    );
    renderApp('/filedownload/view/d1');
    await screen.findByTestId('content-download', {}, LONG);
    expect(screen.queryByTestId('content-preview')).toBeNull();
  });

  it('head office sees a draft as 草稿 with 发布 and the attachments tab; a refused publish says why in place', async () => {
    signIn(['kb.read', 'kb.write'], { userType: 1 });
    const s = contentServer(doc({ new_state: 1, new_filename: null, new_contenttype: null }), () =>
      refusal(400, '请先在“附件”中上传文件，再发布'),
    );
    renderApp('/filedownload/view/d1');
    expect((await screen.findByTestId('content-state', {}, LONG)).textContent).toBe('草稿');
    expect(screen.getByTestId('form-tab-attachments')).toBeTruthy();
    expect(screen.queryByTestId('content-download')).toBeNull();
    expect(screen.queryByTestId('content-retire')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('content-publish')));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(s.calls).toContainEqual({ method: 'POST', path: '/api/content/filedownload/d1/publish' }));
    expect((await screen.findByTestId('content-refusal')).textContent).toContain('请先在“附件”中上传文件，再发布');
  });

  it('a technical file shows its product line and product, and its other versions link to their screens', async () => {
    signIn(['kb.read']);
    const file = (id: string, version: string, extra: Row = {}): Row => ({
      new_techfileid: id,
      new_name: '柱塞变量泵结构图纸',
      new_filetype: 2,
      new_productline_id: 'pl-1',
      [`new_productline_id${F}`]: '液压系统',
      new_product_id: 'p-1',
      [`new_product_id${F}`]: '柱塞变量泵',
      new_version: version,
      new_state: 2,
      new_contenttype: 'application/pdf',
      new_downloadcount: 23,
      ...extra,
    });
    partsServer({ records: { new_techfiles: [file('t14', 'V1.4'), file('t13', 'V1.3', { new_state: 3 })] } });
    renderApp('/file/view/t14');
    await screen.findByTestId('content-download', {}, LONG);
    expect(screen.getByTestId('view-new_productline_id').textContent).toBe('液压系统');
    expect(screen.getByTestId('view-new_product_id').textContent).toBe('柱塞变量泵');
    await act(async () => fireEvent.click(screen.getByTestId('content-tab-versions')));
    const link = await screen.findByRole('link', { name: 'V1.3' });
    expect(link.getAttribute('href')).toBe('/file/view/t13');
  });
});
