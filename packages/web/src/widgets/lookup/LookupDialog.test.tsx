import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../test/render-app.tsx';
import { LookupDialog } from './LookupDialog.tsx';
import { LookupInput } from './LookupInput.tsx';
import { LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZES, LOOKUP_TABLE_HEIGHT, resolveLookup, tagsToShow, type LookupRecord } from './lookup-def.ts';

const ROWS = [
  { new_kbarticleid: 'a1', new_name: '液压系统排查', createdon: '2026-03-01T02:00:00Z' },
  { new_kbarticleid: 'a2', new_name: '电气控制手册', createdon: '2026-03-02T02:00:00Z' },
  { new_kbarticleid: 'a3', new_name: '齿轮箱异响', createdon: '2026-03-03T02:00:00Z' },
];

function lookupServer(rows = ROWS, total = 57) {
  return stubServer((url) => {
    if (url.startsWith('/api/crmlookupview/data')) {
      return new Response(JSON.stringify({ ErrorCode: 0, Message: '', Data: rows, TotalRecordCount: total }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return undefined;
  });
}
const lookupCalls = (f: ReturnType<typeof vi.fn>) =>
  f.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith('/api/crmlookupview/data'))
    .map((u) => new URL(u, 'http://x').searchParams);

afterEach(() => vi.unstubAllGlobals());

describe('lookup definition (spec 000 §2, §3, §9)', () => {
  it('defaults: name new_name, id entity + "id", fields name and createdon, createdon desc', () => {
    const d = resolveLookup({ entityName: 'new_kbarticle' });
    expect(d).toMatchObject({
      nameField: 'new_name',
      idField: 'new_kbarticleid',
      displayFields: ['new_name', 'createdon'],
      orderBy: 'createdon desc',
    });
    expect(LOOKUP_PAGE_SIZE).toBe(20);
    expect(LOOKUP_PAGE_SIZES).toEqual([10, 20, 30, 40, 50]);
    expect(LOOKUP_TABLE_HEIGHT).toBe(430);
  });

  it('the picker shows the first 2 tags, then +N', () => {
    expect(tagsToShow([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2], more: 3 });
    expect(tagsToShow([1])).toEqual({ shown: [1], more: 0 });
  });
});

describe('LookupDialog', () => {
  it('loads page 1 of 20 ordered by createdon desc, with a 430px table', async () => {
    const f = lookupServer();
    render(<LookupDialog open def={{ entityName: 'new_kbarticle' }} onOk={vi.fn()} onCancel={vi.fn()} />);
    expect((await screen.findAllByTestId('lookup-row')).length).toBe(3);
    const q = lookupCalls(f)[0];
    expect(q.get('entityName')).toBe('new_kbarticle');
    expect(q.get('page')).toBe('1');
    expect(q.get('count')).toBe('20');
    expect(q.get('orderby')).toBe('createdon desc');
    expect(q.get('select')).toBe('new_kbarticleid,new_name,createdon');
    const body = screen.getByTestId('lookup-dialog').querySelector('.ant-table-body') as HTMLElement;
    expect(body.style.maxHeight).toBe('430px');
  });

  it('confirming with no row chosen shows 请选择一条记录', async () => {
    lookupServer();
    const onOk = vi.fn();
    render(<LookupDialog open def={{ entityName: 'new_kbarticle' }} onOk={onOk} onCancel={vi.fn()} />);
    await screen.findAllByTestId('lookup-row');
    fireEvent.click(screen.getByTestId('lookup-ok'));
    expect(await screen.findByText('请选择一条记录')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('single: picks the clicked row', async () => {
    lookupServer();
    const onOk = vi.fn();
    render(<LookupDialog open def={{ entityName: 'new_kbarticle' }} onOk={onOk} onCancel={vi.fn()} />);
    const rows = await screen.findAllByTestId('lookup-row');
    expect(rows[1].getAttribute('data-id')).toBe('a2');
    fireEvent.click(rows[1]);
    fireEvent.click(screen.getByTestId('lookup-ok'));
    expect(onOk).toHaveBeenCalledWith([expect.objectContaining({ id: 'a2', name: '电气控制手册' })]);
  });

  it('multi: several rows, kept in order of choice', async () => {
    lookupServer();
    const onOk = vi.fn();
    render(<LookupDialog open multiple def={{ entityName: 'new_kbarticle' }} onOk={onOk} onCancel={vi.fn()} />);
    const rows = await screen.findAllByTestId('lookup-row');
    fireEvent.click(rows[2]);
    fireEvent.click(rows[0]);
    fireEvent.click(screen.getByTestId('lookup-ok'));
    const chosen = onOk.mock.calls[0][0] as LookupRecord[];
    expect(chosen.map((r) => [r.id, r.name])).toEqual([
      ['a3', '齿轮箱异响'],
      ['a1', '液压系统排查'],
    ]);
  });

  it('sorts for real through orderby (the original showed 未实现)', async () => {
    const f = lookupServer();
    render(<LookupDialog open def={{ entityName: 'new_kbarticle' }} onOk={vi.fn()} onCancel={vi.fn()} />);
    await screen.findAllByTestId('lookup-row');
    const header = within(screen.getByTestId('lookup-dialog')).getAllByText('标题')[0];
    fireEvent.click(header);
    await waitFor(() => expect(lookupCalls(f).at(-1)?.get('orderby')).toBe('new_name asc'));
    fireEvent.click(header);
    await waitFor(() => expect(lookupCalls(f).at(-1)?.get('orderby')).toBe('new_name desc'));
    expect(screen.queryByText('未实现')).toBeNull();
  });

  it('searches the filter fields and goes back to page 1', async () => {
    const f = lookupServer();
    render(<LookupDialog open def={{ entityName: 'new_kbarticle' }} onOk={vi.fn()} onCancel={vi.fn()} />);
    await screen.findAllByTestId('lookup-row');
    fireEvent.click(within(screen.getByTestId('lookup-dialog')).getByTitle('2'));
    await waitFor(() => expect(lookupCalls(f).at(-1)?.get('page')).toBe('2'));
    const input = screen.getByTestId('lookup-search');
    fireEvent.change(input, { target: { value: '液压' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lookupCalls(f).at(-1)?.get('filterValue')).toBe('液压'));
    expect(lookupCalls(f).at(-1)?.get('filter')).toBe('new_name');
    expect(lookupCalls(f).at(-1)?.get('page')).toBe('1');
  });
});

function MultiPicker({ initial }: { initial: LookupRecord[] }) {
  const [v, setV] = useState<LookupRecord[]>(initial);
  return <LookupInput multiple def={{ entityName: 'new_kbarticle' }} value={v} onChange={setV} testId="picker" />;
}

describe('LookupInput', () => {
  it('shows the first 2 chosen tags then +N, and opens the dialog', async () => {
    lookupServer();
    render(
      <MultiPicker
        initial={[
          { id: '1', name: '甲' },
          { id: '2', name: '乙' },
          { id: '3', name: '丙' },
          { id: '4', name: '丁' },
        ]}
      />,
    );
    const picker = screen.getByTestId('picker');
    expect(picker.textContent).toContain('甲');
    expect(picker.textContent).toContain('乙');
    expect(picker.textContent).not.toContain('丙');
    expect(screen.getByTestId('picker-more').textContent).toBe('+2');
    expect(picker.getAttribute('data-value')).toBe('1;2;3;4');
    await act(async () => fireEvent.click(picker));
    expect(await screen.findByTestId('lookup-dialog')).toBeTruthy();
  });
});
