import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';
import { documentLines } from './document-lines.ts';
import { getEntity } from '@portal/model';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const F = '@OData.Community.Display.V1.FormattedValue';

describe('printable document view (/seltable/view/:id)', () => {
  it("finds a document's lines from the model", () => {
    expect(documentLines(getEntity('new_srv_partsapply')!).map((l) => `${l.entity.logicalName}.${l.field}`)).toEqual([
      'new_srv_partsapplydetil.new_partsapply_id',
    ]);
    expect(
      documentLines(getEntity('new_srv_workorder')!)
        .map((l) => l.entity.logicalName)
        .sort(),
    ).toEqual(['new_srv_outsideline', 'new_srv_partline', 'new_srv_repairitem', 'new_srv_trouble']);
    expect(documentLines(getEntity('product')!)).toEqual([]);
  });

  it("shows the main form's fields and the lines, with print and a way back", async () => {
    signInAs(['parts.read'], { departId: 'st-1', userType: 3 });
    const fetchMock = stubServer((url) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_partsapplies(pa1)')) {
        return envelope({
          new_srv_partsapplyid: 'pa1',
          new_name: 'PA202611-0003',
          new_station_id: 'st-1',
          [`new_station_id${F}`]: '上海浦东华辰服务站',
          new_approvalstatus: 3,
        });
      }
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_partsapplydetils')) {
        return envelope({
          value: [
            { new_srv_partsapplydetilid: 'd1', new_code: 'HF-200', new_name: '液压油滤芯', new_qty: 2 },
            { new_srv_partsapplydetilid: 'd2', new_code: 'ACS580', new_name: '变频器', new_qty: 1 },
          ],
        });
      }
      return undefined;
    });
    renderApp('/seltable/view/pa1?entity=new_srv_partsapply');
    await waitFor(() => expect(screen.getByTestId('seltable-title').textContent).toBe('配件申请 PA202611-0003'), { timeout: 15_000 });
    expect(screen.getByTestId('view-new_station_id').textContent).toBe('上海浦东华辰服务站');
    const lines = screen.getByTestId('seltable-lines-new_srv_partsapplydetil');
    expect(within(lines).getByText('液压油滤芯')).toBeTruthy();
    expect(within(lines).getByText('ACS580')).toBeTruthy();
    expect(lines.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByTestId('seltable-print')).toBeTruthy();
    expect(screen.queryByTestId('seltable-pdf')).toBeNull();
    const lineCall = fetchMock.mock.calls.map(([u]) => decodeURIComponent(String(u))).find((u) => u.includes('new_srv_partsapplydetils'))!;
    expect(lineCall.replace(/\+/g, ' ')).toContain('new_partsapply_id eq pa1');
  });

  it('an entity the registry does not serve, or a record out of reach, is said so', async () => {
    signInAs(['parts.read']);
    stubServer((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_srv_partsapplies(other)')
        ? envelope(null, '记录不存在或无权访问', 404, 'Not Found')
        : undefined,
    );
    const { unmount } = renderApp('/seltable/view/x1?entity=pg_user');
    expect((await screen.findByTestId('seltable-unknown', {}, { timeout: 15_000 })).textContent).toContain('无法识别的单据类型');
    unmount();
    renderApp('/seltable/view/other?entity=new_srv_partsapply');
    await waitFor(() => expect(screen.getByTestId('seltable-error').textContent).toContain('记录不存在或无权访问'), { timeout: 15_000 });
    expect(screen.queryByTestId('record-descriptions')).toBeNull();
  });
});
