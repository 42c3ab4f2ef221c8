import { stockCheckSource, stockCheckState } from '@portal/model';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, jsonReply, renderApp, signInAs } from '../../test/render-app.tsx';
import { answer, F, refusal, stockServer, type Seen } from './test-fakes.ts';

// The sheet is a lazy chunk with a grid, tabs and dialogs: slow to render on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const STATION = ['stock.read', 'stock.write'];
const HQ = ['stock.read', 'stock.adjust', 'stock.limit', 'invtask.manage'];

/** 60 lines: two pages of 50. */
const LINES = Array.from({ length: 60 }, (_, i) => ({
  new_srv_stockcheckdetailid: `l${i + 1}`,
  new_code: `P-${String(i + 1).padStart(3, '0')}`,
  new_name: i === 0 ? '液压油滤芯' : `配件${i + 1}`,
  new_uom: '个',
  new_bookqty: 10,
  new_countqty: i < 3 ? 10 : null,
  new_variance: i < 3 ? 0 : null,
  new_memo: i === 1 ? '货架 A' : null,
}));

const sheet = (state: number, source: number = stockCheckSource.own) => ({
  new_srv_stockcheckid: 'sc1',
  new_name: 'PD20261124-0001',
  new_warehouse_id: 'wh1',
  [`new_warehouse_id${F}`]: '上海浦东华辰服务站库',
  new_station_id: 'st1',
  [`new_station_id${F}`]: '上海浦东华辰服务站',
  new_source: source,
  [`new_source${F}`]: source === stockCheckSource.task ? '盘点任务' : '自主盘点',
  new_invtask_id: source === stockCheckSource.task ? 't1' : null,
  [`new_invtask_id${F}`]: source === stockCheckSource.task ? 'RW20261117-0001' : undefined,
  new_tasksubject: source === stockCheckSource.task ? '2026 年 11 月服务站月度盘点' : null,
  new_tasknote: source === stockCheckSource.task ? '请于月底前完成实盘并提交' : null,
  new_state: state,
  new_checkdate: '2026-11-24',
  new_deadline: null,
  new_linecount: 60,
  new_countedcount: 3,
  new_variancecount: 0,
  new_memo: '月末盘点',
});

/** The lines call as the server would answer it: search by code or name, paging. */
function linesPage(c: Seen) {
  const filter = c.query.get('$filter') ?? '';
  const q = /contains\(new_code,'([^']*)'\)/.exec(filter)?.[1];
  const rows = q ? LINES.filter((l) => l.new_code.includes(q) || l.new_name.includes(q)) : LINES;
  const skip = Number(c.query.get('$skip') ?? 0);
  const top = Number(c.query.get('$top') ?? 50);
  return envelope({ value: rows.slice(skip, skip + top), '@odata.count': rows.length });
}

function server(state: number, opts: { source?: number; submit?: () => Response; importReply?: () => Response } = {}) {
  let current = state;
  return stockServer((c) => {
    if (c.path === '/api/crmdata/Retrieve/new_srv_stockchecks(sc1)') return envelope(sheet(current, opts.source));
    if (c.path === '/api/crmdata/Retrieve/new_srv_stockcheckdetails') return linesPage(c);
    if (c.path === '/api/stock/counts/sc1/lines' && c.method === 'PATCH') return answer('sc1', '保存成功');
    if (c.path === '/api/stock/counts/sc1/submit') {
      const r = opts.submit?.() ?? answer('sc1', '提交成功');
      if (r.status === 200) current = stockCheckState.submitted;
      return r;
    }
    if (c.path === '/api/stock/counts/sc1/confirm') {
      current = stockCheckState.confirmed;
      return answer('sc1', '确认成功');
    }
    if (c.path === '/api/stock/counts/sc1/cancel') {
      current = stockCheckState.cancelled;
      return answer('sc1', '取消成功');
    }
    if (c.path === '/api/stock/counts/sc1/import') return opts.importReply?.() ?? envelope({ imported: 60 }, '成功导入 60 条记录');
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const page = () => screen.getByTestId('sc-page');
const rowOf = (code: string) => screen.getAllByTestId('sc-line').find((r) => r.getAttribute('data-code') === code)!;
const commands = () => [...document.querySelectorAll('[data-testid^="sc-action-"]')].map((b) => b.getAttribute('data-testid'));
async function typeCount(code: string, value: string) {
  await act(async () => fireEvent.change(within(rowOf(code)).getByTestId('sc-line-qty'), { target: { value } }));
}
async function click(testId: string) {
  await act(async () => fireEvent.click(screen.getByTestId(testId)));
}
async function loaded() {
  await screen.findByTestId('sc-state', {}, LONG);
  await waitFor(() => expect(screen.getAllByTestId('sc-line').length).toBeGreaterThan(0), LONG);
}

describe('count sheet', () => {
  it('shows the header and the first page of lines; a station counting its sheet may submit and cancel, not confirm', async () => {
    signInAs(STATION);
    const s = server(stockCheckState.counting);
    renderApp('/stockcheck/edit/sc1');
    await loaded();
    expect(screen.getByTestId('sc-header').getAttribute('data-number')).toBe('PD20261124-0001');
    expect(screen.getByTestId('sc-state').textContent).toBe('盘点中');
    expect(screen.getByTestId('sc-progress').textContent).toBe('已盘 3 / 60 行，差异 0 行');
    expect(screen.getByTestId('sc-info').textContent).toContain('上海浦东华辰服务站库');
    expect(page().getAttribute('data-editable')).toBe('true');
    // Sheets reach 5,000 lines: one page of inputs at a time.
    expect(screen.getAllByTestId('sc-line')).toHaveLength(50);
    expect(screen.getAllByTestId('sc-line-qty')).toHaveLength(50);
    expect(screen.getByTestId('sc-lines').getAttribute('data-count')).toBe('60');
    const q = s.calls('GET', '/api/crmdata/Retrieve/new_srv_stockcheckdetails')[0].query;
    expect(q.get('$filter')).toBe("new_stockcheck_id eq 'sc1'");
    expect(q.get('$orderby')).toBe('new_code asc');
    expect(commands()).toEqual(['sc-action-submit', 'sc-action-cancel']);
    expect(screen.getByTestId('sc-save').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('sc-import')).toBeTruthy();
  });

  it('saves only the changed lines, across pages and searches, a memo only where it changed', async () => {
    signInAs(STATION);
    const s = server(stockCheckState.counting);
    renderApp('/stockcheck/edit/sc1');
    await loaded();
    await typeCount('P-004', '12');
    await typeCount('P-005', '3');
    // Put back as saved: no longer a change.
    await typeCount('P-005', '');
    await typeCount('P-001', '9');
    await act(async () => fireEvent.change(within(rowOf('P-002')).getByTestId('sc-line-memo'), { target: { value: '货架 B' } }));
    expect(within(rowOf('P-004')).getByTestId('sc-line-variance').getAttribute('data-variance')).toBe('2');
    expect(within(rowOf('P-001')).getByTestId('sc-line-variance').getAttribute('data-variance')).toBe('-1');
    // The second page: its lines come from the server, the edits stay.
    await act(async () => fireEvent.click(within(screen.getByTestId('sc-pagination')).getByTitle('2')));
    await waitFor(() => expect(rowOf('P-055')).toBeTruthy());
    await typeCount('P-055', '0');
    // A search narrows the lines on the server.
    await act(async () => fireEvent.change(screen.getByTestId('sc-search'), { target: { value: 'P-06' } }));
    await click('sc-query');
    await waitFor(() => expect(screen.getAllByTestId('sc-line').map((r) => r.getAttribute('data-code'))).toEqual(['P-060']));
    expect(s.seen.at(-1)?.query.get('$filter')).toContain("contains(new_code,'P-06')");
    expect(screen.getByTestId('sc-unsaved').getAttribute('data-count')).toBe('4');
    await click('sc-save');
    await waitFor(() => expect(s.calls('PATCH', '/api/stock/counts/sc1/lines')).toHaveLength(1));
    const body = s.calls('PATCH', '/api/stock/counts/sc1/lines')[0].body as { lines: unknown[] };
    expect(body.lines).toEqual(
      expect.arrayContaining([
        { lineId: 'l4', countQty: 12 },
        { lineId: 'l1', countQty: 9 },
        { lineId: 'l2', countQty: 10, memo: '货架 B' },
        { lineId: 'l55', countQty: 0 },
      ]),
    );
    expect(body.lines).toHaveLength(4);
    expect((await screen.findByTestId('sc-result')).textContent).toContain('保存成功');
    await waitFor(() => expect(screen.queryByTestId('sc-unsaved')).toBeNull());
  });

  it('keeps a typed count or memo and refuses it at the line (integer only, a number, 0 to 99999, memo at most 100); nothing is saved', async () => {
    signInAs(STATION);
    const s = server(stockCheckState.counting);
    renderApp('/stockcheck/edit/sc1');
    await loaded();
    const qty = () => within(rowOf('P-004')).getByTestId('sc-line-qty') as HTMLInputElement;
    const error = () => within(rowOf('P-004')).queryByTestId('sc-line-qty-error')?.textContent;
    await typeCount('P-004', '1.5');
    expect(error()).toBe('实盘数量只能输入整数');
    expect(qty().value).toBe('1.5');
    await click('sc-save');
    expect((await screen.findAllByText('请先修正标红的数量或备注')).length).toBeGreaterThan(0);
    await typeCount('P-004', 'abc');
    expect(error()).toBe('实盘数量必须是数字');
    expect(qty().value).toBe('abc');
    await typeCount('P-004', '100000');
    expect(error()).toBe('实盘数量必须是 0 至 99999 的整数');
    await typeCount('P-004', '12');
    expect(error()).toBeUndefined();
    const memo = within(rowOf('P-002')).getByTestId('sc-line-memo') as HTMLInputElement;
    await act(async () => fireEvent.change(memo, { target: { value: '货'.repeat(101) } }));
    expect(memo.value).toHaveLength(101);
    expect(within(rowOf('P-002')).getByTestId('sc-line-memo-error').textContent).toBe('备注不能超过 100 个字符');
    await click('sc-save');
    expect(s.calls('PATCH', '/api/stock/counts/sc1/lines')).toHaveLength(0);
  });

  it('submit asks first, saves what is typed, and shows the refusal naming the lines not counted', async () => {
    signInAs(STATION);
    const s = server(stockCheckState.counting, { submit: () => refusal('还有 56 行未填写实盘数量') });
    renderApp('/stockcheck/edit/sc1');
    await loaded();
    await typeCount('P-004', '10');
    // 取消 in the question sends nothing.
    await click('sc-action-submit');
    expect(await screen.findByText('提交后实盘数量不能再修改，将等待总部确认。确定提交盘点单“PD20261124-0001”吗？')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^取\s*消$/ })));
    expect(s.seen.filter((c) => c.path.startsWith('/api/stock/'))).toHaveLength(0);
    await click('sc-action-submit');
    await screen.findByText(/提交后实盘数量不能再修改/);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!));
    const result = await screen.findByTestId('sc-result');
    await waitFor(() => expect(result.textContent).toContain('还有 56 行未填写实盘数量'));
    expect(result.getAttribute('data-type')).toBe('error');
    const order = s.seen.filter((c) => c.path.startsWith('/api/stock/')).map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual(['PATCH /api/stock/counts/sc1/lines', 'POST /api/stock/counts/sc1/submit']);
    // Still counting: the inputs stay.
    expect(page().getAttribute('data-state')).toBe(String(stockCheckState.counting));
  });

  it('a submitted sheet is read-only; head office confirms after a warning, then the sheet reloads confirmed', async () => {
    signInAs(HQ, { userType: 1 });
    const s = server(stockCheckState.submitted);
    renderApp('/stockcheck/edit/sc1');
    await loaded();
    expect(screen.getByTestId('sc-note').textContent).toContain('已提交');
    expect(screen.queryAllByTestId('sc-line-qty')).toHaveLength(0);
    expect(screen.queryByTestId('sc-save')).toBeNull();
    expect(screen.queryByTestId('sc-import')).toBeNull();
    // Head office holds stock.adjust, not stock.write: confirm only.
    expect(commands()).toEqual(['sc-action-confirm']);
    await click('sc-action-confirm');
    expect(await screen.findByText(/确认后将按差异数量调整库存，且不能撤销/)).toBeTruthy();
    expect(s.calls('POST', '/api/stock/counts/sc1/confirm')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(s.calls('POST', '/api/stock/counts/sc1/confirm')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('sc-state').textContent).toBe('已确认'));
    expect(commands()).toEqual([]);
    expect(screen.getByTestId('sc-note').textContent).toContain('不能修改');
  });

  it('a station may not confirm a submitted sheet, and may not cancel a task sheet', async () => {
    signInAs(STATION, { userType: 3 });
    server(stockCheckState.submitted);
    const first = renderApp('/stockcheck/edit/sc1');
    await loaded();
    expect(commands()).toEqual(['sc-action-cancel']);
    first.unmount();
    server(stockCheckState.counting, { source: stockCheckSource.task });
    const { router } = renderApp('/inv/invTaskEdit/sc1');
    await loaded();
    expect(commands()).toEqual(['sc-action-submit']);
    expect(screen.getByTestId('sc-info').textContent).toContain('RW20261117-0001');
    // The task's subject and head office's note are on the station's sheet.
    expect(screen.getByTestId('sc-task-subject').textContent).toBe('2026 年 11 月服务站月度盘点');
    expect(screen.getByTestId('sc-task-note').textContent).toContain('请于月底前完成实盘并提交');
    // Back goes to the task list.
    await click('sc-back');
    await waitFor(() => expect(router.state.location.pathname).toBe('/inv/invTaskList'));
  });

  it('a reader sees the counts without inputs or commands, and may download the template', async () => {
    signInAs(['stock.read']);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:t'), revokeObjectURL: vi.fn() }));
    const s = server(stockCheckState.counting);
    renderApp('/stockcheck/edit/sc1');
    await loaded();
    expect(page().getAttribute('data-editable')).toBe('false');
    expect(screen.queryAllByTestId('sc-line-qty')).toHaveLength(0);
    expect(within(rowOf('P-001')).getByTestId('sc-line-count').textContent).toBe('10');
    expect(commands()).toEqual([]);
    expect(screen.queryByTestId('sc-save')).toBeNull();
    await click('sc-template');
    await waitFor(() => expect(s.seen.some((c) => c.path === '/api/stock/counts/sc1/template')).toBe(true));
  });

  it('imports an Excel file of counts; a refused file lists every row error as the server words it', async () => {
    signInAs(STATION);
    let refuse = true;
    const s = server(stockCheckState.counting, {
      importReply: () =>
        refuse
          ? jsonReply(
              {
                ErrorCode: -1,
                Message: '导入失败：共 2 处错误，未导入任何数据。',
                Data: {
                  errors: [
                    { row: 3, field: '物料编码', message: '第 3 行：物料编码“NO-SUCH”不在本盘点单中' },
                    { row: 4, field: '实盘数量', message: '第 4 行：实盘数量必须是 0 至 99999 的整数' },
                  ],
                  total: 2,
                },
              },
              400,
            )
          : envelope({ imported: 60 }, '成功导入 60 条记录'),
    });
    renderApp('/stockcheck/edit/sc1');
    await loaded();
    await click('sc-import');
    const dialog = await screen.findByTestId('excel-import-dialog');
    expect(dialog.textContent).toContain('物料编码、实盘数量');
    await act(async () =>
      fireEvent.change(within(dialog).getByTestId('excel-file'), { target: { files: [new File(['x'], '盘点.xlsx')] } }),
    );
    await act(async () => fireEvent.click(within(dialog).getByTestId('excel-submit')));
    const list = await screen.findByTestId('excel-errors');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '第 3 行：物料编码“NO-SUCH”不在本盘点单中',
      '第 4 行：实盘数量必须是 0 至 99999 的整数',
    ]);
    const sent = s.calls('POST', '/api/stock/counts/sc1/import');
    expect(sent).toHaveLength(1);
    expect(((sent[0].body as FormData).get('file') as File).name).toBe('盘点.xlsx');
    // A right file: the count shows and the lines reload.
    refuse = false;
    const before = s.calls('GET', '/api/crmdata/Retrieve/new_srv_stockcheckdetails').length;
    await act(async () =>
      fireEvent.change(within(dialog).getByTestId('excel-file'), { target: { files: [new File(['x'], '盘点.xlsx')] } }),
    );
    await act(async () => fireEvent.click(within(dialog).getByTestId('excel-submit')));
    expect((await screen.findByTestId('excel-result')).textContent).toContain('60');
    await waitFor(() => expect(s.calls('GET', '/api/crmdata/Retrieve/new_srv_stockcheckdetails').length).toBeGreaterThan(before));
  });

  it('asks before leaving with counts typed and not saved', async () => {
    signInAs(STATION);
    server(stockCheckState.counting);
    const { router } = renderApp('/stockcheck/edit/sc1');
    await loaded();
    await typeCount('P-004', '12');
    await click('sc-back');
    expect(await screen.findByText('有未保存的修改', { selector: '.ant-modal-confirm-title' })).toBeTruthy();
    await click('unsaved-stay');
    expect(router.state.location.pathname).toBe('/stockcheck/edit/sc1');
    await click('sc-back');
    await screen.findByText('有未保存的修改', { selector: '.ant-modal-confirm-title' });
    await click('unsaved-leave');
    await waitFor(() => expect(router.state.location.pathname).toBe('/stockcheck/list'));
  });
});
