import type { StationInventoryRow } from '@portal/model';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, jsonReply, renderApp, signInAs } from '../../test/render-app.tsx';
import { answer, stockServer } from './test-fakes.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const row = (
  productId: string,
  code: string,
  name: string,
  quantity: number,
  minQty: number | null,
  maxQty: number | null,
  level: StationInventoryRow['level'],
): StationInventoryRow => ({
  productId,
  code,
  name,
  uom: '个',
  quantity,
  frozen: 0,
  available: quantity,
  intransit: 0,
  limitId: minQty === null ? null : `lim-${productId}`,
  minQty,
  maxQty,
  level,
});
const OVERVIEW = [
  row('p1', 'HC-LF-200', '液压油滤芯', 2, 5, 20, 'below'),
  row('p2', 'CS-HO-46', '抗磨液压油', 8, null, null, 'none'),
  row('p3', 'PW-CP-35', '涡旋压缩机', 30, 1, 10, 'above'),
];

function server() {
  return stockServer((c) => {
    if (c.path === '/api/stock/limits/overview') return envelope(OVERVIEW);
    if (c.path === '/api/stock/limits/batch') return answer('st2', '保存成功');
    if (c.path === '/api/crmlookupview/data') {
      const rows =
        c.query.get('entityName') === 'product'
          ? [
              { productid: 'p9', name: '接近开关', productnumber: 'EC-PX-08', new_uom: '个' },
              { productid: 'p2', name: '抗磨液压油', productnumber: 'CS-HO-46', new_uom: '件' },
            ]
          : [
              { new_srv_stationid: 'st2', new_name: '杭州西湖华辰服务站', new_code: 'ZJ001' },
              { new_srv_stationid: 'st3', new_name: '宁波北仑华辰服务站', new_code: 'ZJ002' },
            ];
      return jsonReply({ ErrorCode: 0, Message: '', Data: rows, TotalRecordCount: rows.length });
    }
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const rowOf = (code: string) => screen.getAllByTestId('spb-row').find((r) => r.getAttribute('data-code') === code)!;
const type = async (code: string, testId: 'spb-min' | 'spb-max', value: string) =>
  act(async () => fireEvent.change(within(rowOf(code)).getByTestId(testId), { target: { value } }));

/** Picks rows in the open lookup dialog by their text, then OK. */
async function pick(...texts: string[]) {
  const dialog = await screen.findByTestId('lookup-dialog');
  for (const text of texts) {
    const r = await waitFor(() => {
      const x = within(dialog)
        .getAllByTestId('lookup-row')
        .find((el) => el.textContent?.includes(text));
      if (!x) throw new Error(`no row ${text}`);
      return x;
    });
    await act(async () => fireEvent.click(r));
  }
  await act(async () => fireEvent.click(within(dialog).getByTestId('lookup-ok')));
}

describe('station inventory (/stationPart/batchlist)', () => {
  it('head office chooses a station, edits limits checked as typed, adds a part, and saves the changed and added rows in one batch', async () => {
    signInAs(['stock.read', 'stock.limit', 'product.read', 'station.read'], { userType: 1, departId: 'bu-hq' });
    const s = server();
    renderApp('/stationPart/batchlist');
    expect((await screen.findByTestId('spb-empty', {}, LONG)).textContent).toBe('请先选择服务站');
    await act(async () => fireEvent.click(screen.getByTestId('spb-station')));
    await pick('杭州西湖华辰服务站');
    await waitFor(() => expect(screen.getAllByTestId('spb-row')).toHaveLength(3));
    expect(s.calls('GET', '/api/stock/limits/overview')[0].query.get('stationId')).toBe('st2');
    expect(screen.getAllByTestId('spb-level').map((x) => x.textContent)).toEqual(['低于下限', '未设置', '高于上限']);

    // Minimum above maximum is refused as it is typed; nothing is sent.
    await type('HC-LF-200', 'spb-min', '30');
    expect(within(rowOf('HC-LF-200')).getByTestId('spb-row-error').textContent).toBe('库存上限不能小于库存下限');
    await act(async () => fireEvent.click(screen.getByTestId('spb-save')));
    expect((await screen.findAllByText('请先修正标红的上下限')).length).toBeGreaterThan(0);
    expect(s.calls('POST', '/api/stock/limits/batch')).toHaveLength(0);
    await type('HC-LF-200', 'spb-max', '40');
    expect(within(rowOf('HC-LF-200')).queryByTestId('spb-row-error')).toBeNull();
    // A part without limits needs both once one is given; out of range is refused.
    await type('CS-HO-46', 'spb-min', '2');
    expect(within(rowOf('CS-HO-46')).getByTestId('spb-row-error').textContent).toBe('请同时填写库存下限和库存上限');
    await type('CS-HO-46', 'spb-max', '100000');
    expect(within(rowOf('CS-HO-46')).getByTestId('spb-row-error').textContent).toBe('请输入 0 至 99999 的整数');
    // What was typed stays in the box, refused in the spec's words.
    await type('CS-HO-46', 'spb-max', '1.5');
    expect(within(rowOf('CS-HO-46')).getByTestId('spb-row-error').textContent).toBe('库存上限只能输入整数');
    expect((within(rowOf('CS-HO-46')).getByTestId('spb-max') as HTMLInputElement).value).toBe('1.5');
    await type('CS-HO-46', 'spb-max', 'abc');
    expect(within(rowOf('CS-HO-46')).getByTestId('spb-row-error').textContent).toBe('库存上限必须是数字');
    expect((within(rowOf('CS-HO-46')).getByTestId('spb-max') as HTMLInputElement).value).toBe('abc');
    await type('CS-HO-46', 'spb-max', '12');
    expect(rowOf('CS-HO-46').getAttribute('data-level')).toBe('ok');

    // Adding parts: one new, one already listed (refused with a warning).
    await act(async () => fireEvent.click(screen.getByTestId('spb-add')));
    await pick('接近开关', '抗磨液压油');
    expect((await screen.findAllByText('配件“抗磨液压油”已在列表中')).length).toBeGreaterThan(0);
    expect(rowOf('EC-PX-08').getAttribute('data-added')).toBe('true');
    await type('EC-PX-08', 'spb-min', '1');
    await type('EC-PX-08', 'spb-max', '5');

    expect(screen.getByTestId('spb-unsaved').getAttribute('data-count')).toBe('3');
    await act(async () => fireEvent.click(screen.getByTestId('spb-save')));
    await waitFor(() => expect(s.calls('POST', '/api/stock/limits/batch')).toHaveLength(1));
    expect(s.calls('POST', '/api/stock/limits/batch')[0].body).toEqual({
      stationId: 'st2',
      lines: [
        { productId: 'p9', minQty: 1, maxQty: 5 },
        { productId: 'p1', minQty: 30, maxQty: 40 },
        { productId: 'p2', minQty: 2, maxQty: 12 },
      ],
    });
    expect((await screen.findAllByText('保存成功')).length).toBeGreaterThan(0);
    await waitFor(() => expect(s.calls('GET', '/api/stock/limits/overview')).toHaveLength(2));
  });

  it('an added part must get its limits, and can be removed again', async () => {
    signInAs(['stock.read', 'stock.limit'], { userType: 1 });
    const s = server();
    renderApp('/stationPart/batchlist');
    const picker = await screen.findByTestId('spb-station', {}, LONG);
    await act(async () => fireEvent.click(picker));
    await pick('杭州西湖华辰服务站');
    await waitFor(() => expect(screen.getAllByTestId('spb-row')).toHaveLength(3));
    await act(async () => fireEvent.click(screen.getByTestId('spb-add')));
    await pick('接近开关');
    expect(within(rowOf('EC-PX-08')).getByTestId('spb-row-error').textContent).toBe('请同时填写库存下限和库存上限');
    await act(async () => fireEvent.click(screen.getByTestId('spb-save')));
    expect(s.calls('POST', '/api/stock/limits/batch')).toHaveLength(0);
    await act(async () => fireEvent.click(within(rowOf('EC-PX-08')).getByTestId('spb-remove')));
    expect(screen.getAllByTestId('spb-row')).toHaveLength(3);
    expect(screen.getByTestId('spb-save').hasAttribute('disabled')).toBe(true);
  });

  it('changing the station with unsaved limits asks first: 留在此页 keeps them, 离开 shows the other station', async () => {
    signInAs(['stock.read', 'stock.limit', 'station.read'], { userType: 1 });
    const s = server();
    renderApp('/stationPart/batchlist');
    const picker = await screen.findByTestId('spb-station', {}, LONG);
    await act(async () => fireEvent.click(picker));
    await pick('杭州西湖华辰服务站');
    await waitFor(() => expect(screen.getAllByTestId('spb-row')).toHaveLength(3));
    await type('HC-LF-200', 'spb-min', '3');
    expect(screen.getByTestId('spb-unsaved').getAttribute('data-count')).toBe('1');

    await act(async () => fireEvent.click(screen.getByTestId('spb-station')));
    await pick('宁波北仑华辰服务站');
    const stay = await screen.findByTestId('unsaved-stay');
    await act(async () => fireEvent.click(stay));
    expect(screen.getByTestId('spb-page').getAttribute('data-station-id')).toBe('st2');
    expect((within(rowOf('HC-LF-200')).getByTestId('spb-min') as HTMLInputElement).value).toBe('3');
    expect(s.calls('GET', '/api/stock/limits/overview')).toHaveLength(1);

    await act(async () => fireEvent.click(screen.getByTestId('spb-station')));
    await pick('宁波北仑华辰服务站');
    const leave = await screen.findByTestId('unsaved-leave');
    await act(async () => fireEvent.click(leave));
    await waitFor(() => expect(screen.getByTestId('spb-page').getAttribute('data-station-id')).toBe('st3'));
    await waitFor(() => expect(s.calls('GET', '/api/stock/limits/overview')).toHaveLength(2));
    expect(s.calls('GET', '/api/stock/limits/overview')[1].query.get('stationId')).toBe('st3');
    expect(screen.queryByTestId('spb-unsaved')).toBeNull();
  });

  it('a station user sees their own station, read-only', async () => {
    signInAs(['stock.read', 'stock.write'], { userType: 3, departId: 'st1', departName: '上海浦东华辰服务站' });
    const s = server();
    renderApp('/stationPart/batchlist');
    expect((await screen.findByTestId('spb-station-name', {}, LONG)).textContent).toBe('上海浦东华辰服务站');
    expect(screen.queryByTestId('spb-station')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('spb-row')).toHaveLength(3));
    expect(s.calls('GET', '/api/stock/limits/overview')[0].query.get('stationId')).toBe('st1');
    expect(screen.getByTestId('spb-page').getAttribute('data-editable')).toBe('false');
    expect(screen.queryAllByRole('spinbutton')).toHaveLength(0);
    expect(within(rowOf('HC-LF-200')).getByTestId('spb-min').textContent).toBe('5');
    expect(screen.queryByTestId('spb-save')).toBeNull();
    expect(screen.queryByTestId('spb-add')).toBeNull();
    expect(rowOf('PW-CP-35').getAttribute('data-level')).toBe('above');
  });
});
