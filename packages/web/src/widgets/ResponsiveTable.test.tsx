import { Button, Tag } from 'antd';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState, type HTMLAttributes } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setWidth } from '../test/phone.ts';
import { ResponsiveTable } from './ResponsiveTable.tsx';

interface Item {
  id: string;
  kind: string;
  text: string;
  who: string;
  time: string;
  memo: string;
}
const ITEMS: Item[] = [
  { id: 'm1', kind: '审批', text: '配件申请 PA-0001 待您审批', who: '陈志强', time: '2026-11-25 09:10', memo: '急' },
  { id: 'm2', kind: '工单', text: '工单 WO-0002 已派工', who: '李娜', time: '2026-11-25 10:20', memo: '' },
  { id: 'm3', kind: '通知', text: '系统升级通知', who: '管理员', time: '2026-11-25 11:30', memo: '' },
];

function Screen({
  open,
  remove,
  onSelect,
}: {
  open: (id: string) => void;
  remove: (id: string) => void;
  onSelect: (keys: string[]) => void;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <ResponsiveTable<Item>
      card={{ tags: ['kind'] }}
      data-testid="messages"
      rowKey="id"
      dataSource={ITEMS}
      pagination={{ pageSize: 2 }}
      rowSelection={{ selectedRowKeys: picked, onChange: (keys) => (setPicked(keys.map(String)), onSelect(keys.map(String))) }}
      onRow={(r) => ({ 'data-testid': 'message-item', 'data-id': r.id, onClick: () => open(r.id) }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: '没有消息' }}
      columns={[
        { key: 'kind', title: '类别', render: (_, r) => <Tag>{r.kind}</Tag> },
        { key: 'text', title: '内容', dataIndex: 'text' },
        { key: 'who', title: '发送人', dataIndex: 'who' },
        { key: 'time', title: '时间', dataIndex: 'time' },
        { key: 'memo', title: '备注', dataIndex: 'memo' },
        {
          key: 'actions',
          title: '操作',
          render: (_, r) => (
            <Button size="small" onClick={(e) => (e.stopPropagation(), remove(r.id))}>
              删除消息
            </Button>
          ),
        },
      ]}
    />
  );
}

describe('ResponsiveTable', () => {
  it('on a phone: cards with the title, tags, three fields and actions; row hooks, selection and paging kept', async () => {
    setWidth(390);
    const open = vi.fn();
    const remove = vi.fn();
    const onSelect = vi.fn();
    render(<Screen open={open} remove={remove} onSelect={onSelect} />);
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(screen.getByTestId('messages')).toBeTruthy();
    const cards = screen.getAllByTestId('message-item');
    // Client-side paging as the table's: two a page.
    expect(cards.map((c) => c.getAttribute('data-id'))).toEqual(['m1', 'm2']);
    const first = within(cards[0]);
    expect(first.getByTestId('list-card-title').textContent).toBe('配件申请 PA-0001 待您审批');
    expect(first.getByTestId('list-card-tags').textContent).toBe('审批');
    // The next three columns; the fourth (备注) and the actions column are not fields.
    expect(first.getAllByTestId('list-card-field').map((f) => f.textContent)).toEqual([
      '发送人：陈志强',
      '时间：2026-11-25 09:10',
      '备注：急',
    ]);

    // The row's click (onRow) runs on a tap; its own button does not open it.
    fireEvent.click(first.getByTestId('list-card-title'));
    expect(open).toHaveBeenCalledWith('m1');
    fireEvent.click(first.getByRole('button', { name: '删除消息' }));
    expect(remove).toHaveBeenCalledWith('m1');
    expect(open).toHaveBeenCalledTimes(1);

    // Selecting a card.
    await act(async () => fireEvent.click(within(cards[1]).getByRole('checkbox')));
    expect(onSelect).toHaveBeenLastCalledWith(['m2']);
    expect(screen.getAllByTestId('message-item')[1].getAttribute('data-selected')).toBe('true');

    // Next page.
    await act(async () => fireEvent.click(document.querySelector('.ant-pagination-next') as HTMLElement));
    expect(screen.getAllByTestId('message-item').map((c) => c.getAttribute('data-id'))).toEqual(['m3']);
  });

  it('on a phone: the empty text of the table', () => {
    setWidth(390);
    render(
      <ResponsiveTable<Item>
        rowKey="id"
        dataSource={[]}
        locale={{ emptyText: '没有消息' }}
        columns={[{ key: 'text', title: '内容', dataIndex: 'text' }]}
      />,
    );
    expect(screen.getByText('没有消息')).toBeTruthy();
  });

  it('on the desktop: the antd table, unchanged', () => {
    render(<Screen open={vi.fn()} remove={vi.fn()} onSelect={vi.fn()} />);
    expect(document.querySelector('.ant-table')).toBeTruthy();
    expect(screen.queryByTestId('list-card-title')).toBeNull();
    expect(screen.getAllByTestId('message-item').map((r) => r.tagName)).toEqual(['TR', 'TR']);
    expect(screen.getByRole('columnheader', { name: '备注' })).toBeTruthy();
  });
});
