import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/envelope.ts';
import { envelope, stubServer } from '../test/render-app.tsx';
import { isExcelFile } from './attachments/rules.ts';
import { ExcelImportDialog } from './ExcelImportDialog.tsx';

afterEach(() => vi.unstubAllGlobals());
// Let antd's pending renders (modal motion, toasts) finish before jsdom goes away.

const pick = (name: string) =>
  act(async () => fireEvent.change(screen.getByTestId('excel-file'), { target: { files: [new File(['x'], name)] } }));

describe('ExcelImportDialog (spec 000 §2, §5, §9)', () => {
  it('takes xls or xlsx only, at most 5000 records', async () => {
    expect(isExcelFile('人员.xlsx')).toBe(true);
    expect(isExcelFile('人员.XLS')).toBe(true);
    expect(isExcelFile('人员.csv')).toBe(false);
    stubServer();
    render(<ExcelImportDialog open entitySet="new_srv_workers" onClose={vi.fn()} />);
    expect(screen.getByTestId('excel-import-dialog').textContent).toContain('5000');
    await pick('人员.csv');
    expect((await screen.findAllByText('只能上传 xls 或 xlsx 格式的 Excel 文件')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('excel-file-name').textContent).toBe('');
  });

  it('downloads the template from /api/excel/template/{entitySet}', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:t'), revokeObjectURL: vi.fn() }));
    const f = stubServer((url) =>
      url === '/api/excel/template/new_srv_workers'
        ? new Response(new Blob(['xlsx']), { headers: { 'content-type': 'application/octet-stream' } })
        : undefined,
    );
    render(<ExcelImportDialog open entitySet="new_srv_workers" onClose={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByTestId('excel-template')));
    await waitFor(() => expect(f.mock.calls.map(([u]) => u)).toContain('/api/excel/template/new_srv_workers'));
  });

  it('shows the imported count', async () => {
    const onImported = vi.fn();
    let body: FormData | null = null;
    stubServer((url, init) => {
      if (url === '/api/excel/import/new_srv_workers') {
        body = init.body as FormData;
        return envelope({ imported: 12 });
      }
      return undefined;
    });
    render(<ExcelImportDialog open entitySet="new_srv_workers" onClose={vi.fn()} onImported={onImported} />);
    await pick('人员.xlsx');
    await act(async () => fireEvent.click(screen.getByTestId('excel-submit')));
    expect((await screen.findByTestId('excel-result')).textContent).toBe('导入成功，共导入 12 条记录');
    expect(onImported).toHaveBeenCalledWith(12);
    expect(((body as unknown as FormData).get('file') as File).name).toBe('人员.xlsx');
  });

  it('lists the server errors by row number', async () => {
    stubServer((url) =>
      url === '/api/excel/import/new_srv_workers'
        ? new Response(
            JSON.stringify({
              ErrorCode: 400,
              Message: '导入失败',
              Data: {
                errors: [
                  { row: 3, field: 'new_phone', message: '手机号码格式不正确' },
                  { row: 7, field: 'new_code', message: '工号已存在' },
                ],
              },
            }),
            {
              status: 400,
              headers: { 'content-type': 'application/json' },
            },
          )
        : undefined,
    );
    render(<ExcelImportDialog open entitySet="new_srv_workers" onClose={vi.fn()} />);
    await pick('人员.xls');
    await act(async () => fireEvent.click(screen.getByTestId('excel-submit')));
    const list = await screen.findByTestId('excel-errors');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '第 3 行 手机号码：手机号码格式不正确',
      '第 7 行 工号：工号已存在',
    ]);
  });

  it("takes a screen's own import and template calls; errors as the server words them; the server's message when not all are listed", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:t'), revokeObjectURL: vi.fn() }));
    const f = stubServer();
    const downloadTemplate = vi.fn(async () => ({ blob: new Blob(['x']), filename: 'PD-1.xlsx' }));
    const importFile = vi.fn(async () => {
      throw new ApiError('导入失败：共 250 处错误，未导入任何数据。', 400, -1, false, {
        errors: [{ row: 3, field: '物料编码', message: '第 3 行：物料编码“X”不在本盘点单中' }],
        total: 250,
      });
    });
    render(
      <ExcelImportDialog
        open
        entitySet="new_srv_stockcheckdetails"
        onClose={vi.fn()}
        importFile={importFile}
        downloadTemplate={downloadTemplate}
        rowErrorText={(e) => e.message}
        hint="物料编码、实盘数量"
      />,
    );
    expect(screen.getByTestId('excel-import-dialog').textContent).toContain('物料编码、实盘数量');
    await act(async () => fireEvent.click(screen.getByTestId('excel-template')));
    expect(downloadTemplate).toHaveBeenCalledTimes(1);
    await pick('盘点.xlsx');
    await act(async () => fireEvent.click(screen.getByTestId('excel-submit')));
    expect(importFile).toHaveBeenCalledWith(expect.objectContaining({ name: '盘点.xlsx' }));
    const list = await screen.findByTestId('excel-errors');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['第 3 行：物料编码“X”不在本盘点单中']);
    expect(screen.getByText('导入失败：共 250 处错误，未导入任何数据。')).toBeTruthy();
    // Neither generic call was made.
    expect(f.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/excel/'))).toEqual([]);
  });
});
