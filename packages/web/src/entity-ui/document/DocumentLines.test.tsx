import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setWidth } from '../../test/phone.ts';
import { DocumentLines } from './DocumentLines.tsx';
import { partsServer, refusal, resetAll, signIn } from '../../pages/parts/test-server.ts';
import { envelope, stubServer } from '../../test/render-app.tsx';

afterEach(resetAll);

const lines = [
  { new_srv_parttransdetailid: 't1', new_parttransorder_id: 'tr1', new_code: 'HC-1', new_name: '滤芯', new_qty: 6, new_amount: 60 },
];

async function actionsHeader(width: number): Promise<HTMLElement> {
  signIn(['parts.read', 'delivery.read', 'transfer.write'], { userType: 1 });
  partsServer({ records: { new_srv_parttransdetails: lines } });
  setWidth(width);
  render(
    <DocumentLines
      entity="new_srv_parttransdetail"
      parentField="new_parttransorder_id"
      parentId="tr1"
      editable
      onEdit={() => {}}
      onDelete={async () => ({ message: '' }) as never}
    />,
  );
  await screen.findAllByTestId('doc-line-row', {}, { timeout: 30_000 });
  return screen.getByRole('columnheader', { name: '操作' });
}

// Issue 24: at 390 px the 操作 column, fixed to the right, covered a line's quantities.
describe("a document's lines table", () => {
  it('keeps 操作 fixed to the right on a desktop', async () => {
    expect((await actionsHeader(1024)).className).toMatch(/ant-table-cell-fix/);
  });
  it('on a phone does not fix 操作: the row scrolls as a whole', async () => {
    expect((await actionsHeader(390)).className).not.toMatch(/ant-table-cell-fix/);
  });
});

// A failed load said "暂无明细" (no lines): a user took a document for empty, and a test waited forever.
describe('lines that fail to load', () => {
  it('say so with the reason, offer 重试, and show the lines once it succeeds', async () => {
    signIn(['parts.read', 'transfer.write'], { userType: 1 });
    let calls = 0;
    stubServer((url) => {
      if (!url.startsWith('/api/crmdata/Retrieve/new_srv_parttransdetails')) return undefined;
      return ++calls === 1 ? refusal(500, '服务器繁忙') : envelope({ value: lines, '@odata.count': 1 });
    });
    render(<DocumentLines entity="new_srv_parttransdetail" parentField="new_parttransorder_id" parentId="tr1" editable={false} />);
    const alert = await screen.findByTestId('doc-lines-error', {}, { timeout: 30_000 });
    expect(alert.textContent).toContain('明细加载失败：服务器繁忙');
    expect(screen.queryByText('暂无明细')).toBeNull();
    expect(screen.getByTestId('doc-lines').dataset.count).toBeUndefined();
    fireEvent.click(screen.getByTestId('doc-lines-retry'));
    await screen.findByTestId('doc-line-row');
    expect(screen.getByTestId('doc-lines').dataset.count).toBe('1');
    expect(screen.queryByTestId('doc-lines-error')).toBeNull();
  });
});
