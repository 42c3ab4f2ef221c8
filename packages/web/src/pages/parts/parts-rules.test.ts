import { getEntity } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { routeLoader } from '../../app/page-registry.ts';
import { screenPath } from '../../app/screen-path.ts';
import { offeredCommands } from '../../entity-ui/document/document-rules.ts';
import { isReceivable, takesHandLines } from './delivery-rules.ts';
import { deliveryPath } from './delivery-paths.ts';
import { APPLICATION_DOC, TRANSFER_DOC, type RequestDocument } from './request-documents.ts';
import { requestMayRun } from './request-page.tsx';

const holding =
  (...p: string[]) =>
  (x: string) =>
    p.includes(x);

describe('application and transfer commands offered (mirroring the server)', () => {
  const offered = (doc: RequestDocument, row: Record<string, unknown>, can: (p: string) => boolean) =>
    offeredCommands(getEntity(doc.entity)!, row, can, requestMayRun(doc, 'me'));
  const app = (status: number, extra: Record<string, unknown> = {}) => ({
    new_approvalstatus: status,
    statuscode: 1,
    new_isclose: false,
    ...extra,
  });

  it("only the current step's approver of an application changes approved quantities", () => {
    expect(offered(APPLICATION_DOC, app(2, { new_stepuser_id: 'ME' }), holding('approval.act'))).toEqual(['approved']);
    expect(offered(APPLICATION_DOC, app(2, { new_stepuser_id: 'other' }), holding('approval.act'))).toEqual([]);
    expect(offered(TRANSFER_DOC, app(2, { new_stepuser_id: 'me' }), holding('approval.act', 'transfer.write'))).toEqual([]);
  });

  it('close: approved, not closed, still to deliver, by the station or the supplying warehouse', () => {
    expect(offered(APPLICATION_DOC, app(3, { statuscode: 100000000 }), holding('parts.read', 'delivery.create'))).toEqual(['close']);
    expect(offered(APPLICATION_DOC, app(3, { statuscode: 100000001 }), holding('parts.read', 'parts.write'))).toEqual([]);
    expect(offered(APPLICATION_DOC, app(3, { new_isclose: true }), holding('parts.read', 'parts.write'))).toEqual([]);
    expect(offered(APPLICATION_DOC, app(3), holding('parts.read'))).toEqual([]);
    expect(offered(TRANSFER_DOC, { new_approvalstatus: 3, new_docstate: 2 }, holding('transfer.write'))).toEqual(['close']);
    expect(offered(TRANSFER_DOC, { new_approvalstatus: 3, new_docstate: 4 }, holding('transfer.write'))).toEqual([]);
  });
});

describe('delivery rules', () => {
  it('hand-made lines for damaged, faulty and scrapped; receipts when shipped and not fully received', () => {
    expect([1, 2, 3, 4, 5].map(takesHandLines)).toEqual([false, false, true, true, true]);
    expect(isReceivable({ new_state: 6, new_receiptstate: 1 })).toBe(true);
    expect(isReceivable({ new_state: 6, new_receiptstate: 3 })).toBe(true);
    expect(isReceivable({ new_state: 6, new_receiptstate: 2 })).toBe(false);
    expect(isReceivable({ new_state: 5, new_receiptstate: 1 })).toBe(false);
  });

  it('a delivery opens on its screen for warehouse staff, on its receipt for receivers', () => {
    expect(deliveryPath('d 1', holding('delivery.read', 'parts.receive'))).toBe('/partsDispatch/edit/d%201');
    expect(deliveryPath('d1', holding('parts.receive'))).toBe('/partsSign/edit/d1');
    expect(deliveryPath('d1', holding('parts.read'))).toBeUndefined();
  });
});

describe('parts routes', () => {
  it.each([
    ['/partsApply/list', 'partsApplyList', ['parts.read'], true],
    ['/partsApply/create', 'partsApplyCreate', ['parts.write'], false],
    ['/partsApply/edit/x', 'partsApplyEdit', ['parts.read'], false],
    ['/partsDispatch/list', 'partsDispatchList', ['delivery.read'], true],
    ['/partsDispatch/create', 'partsDispatchCreate', ['delivery.create'], false],
    ['/partsDispatch/edit/x', 'partsDispatchEdit', ['delivery.read'], false],
    ['/partsDispatch/detailcreate/x', 'partsDispatchDetailCreate', ['delivery.create'], false],
    ['/partsDispatch/detailedit/x', 'partsDispatchDetailEdit', ['delivery.create'], false],
    ['/partsSign/list', 'partsSignList', ['parts.receive'], true],
    ['/partsSign/edit/x', 'partsSignEdit', ['parts.receive'], false],
    ['/partsTransfer/edit/x', 'partsTransferEdit', ['parts.read'], false],
  ])('%s → %s needs %j (kept: %s)', (path, name, permissions, keep) => {
    const r = findRoute(path);
    expect(r?.name).toBe(name);
    expect(r?.permissions).toEqual(permissions);
    expect(!!r?.keepAlive).toBe(keep);
    expect(typeof (r && routeLoader(r))).toBe('function');
  });

  it('generic lists and links find the application and transfer screens', () => {
    expect(screenPath('new_srv_partsapply', 'create')).toBe('/partsApply/create');
    expect(screenPath('new_srv_partsapply', 'edit', 'a1')).toBe('/partsApply/edit/a1');
    expect(screenPath('new_srv_parttransorder', 'edit', 't1')).toBe('/partsTransfer/edit/t1');
  });
});
