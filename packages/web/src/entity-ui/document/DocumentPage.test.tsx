import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getEntity, returnState, type EntityDef } from '@portal/model';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partsServer, resetAll, signIn, type Row } from '../../pages/parts/test-server.ts';
import { envelope } from '../../test/render-app.tsx';
import { DocumentPage } from './DocumentPage.tsx';
import { documentQueries } from './document-query.ts';

vi.setConfig({ testTimeout: 120_000 });
const LONG = { timeout: 30_000 };
afterEach(resetAll);

// A fixture declaration over the site return's table and form: ship (two inputs) from a draft,
// stamp (no inputs, no confirmation) once shipped, by another privilege; a print page.
const base = getEntity('new_srv_sitereturn')!;
const fixture: EntityDef = {
  ...base,
  document: {
    status: { field: 'new_state', set: returnState, editable: [returnState.draft] },
    lines: base.document!.lines,
    commands: {
      ship: {
        label: 'siteReturn.deliver',
        from: [returnState.draft],
        to: returnState.delivered,
        privilege: 'parts.write',
        inputs: ['new_logisticscorp', 'new_trackingno'],
      },
      stamp: { label: 'siteReturn.receive', from: [returnState.delivered], privilege: 'parts.receive' },
    },
    print: { path: '/fx/print/:id' },
  },
};

const doc = (state: number): Row => ({
  new_srv_sitereturnid: 'r1',
  new_name: 'FX-0001',
  new_returntype: 1,
  new_returnreason: '积压',
  new_state: state,
  new_isclose: false,
});

/** The parts fake server, plus the kernel's derived command routes (recorded; a command moves the record to `to`). */
function server(state: number, answer?: (body: Row) => Response | undefined) {
  const record = doc(state);
  const s = partsServer({ records: { new_srv_sitereturns: [record], new_srv_sitereturndetails: [] } });
  const commands: { path: string; body: Row }[] = [];
  const parts = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.startsWith('/api/documents/')) {
      const body = JSON.parse(String(init.body ?? '{}')) as Row;
      commands.push({ path: u.pathname, body });
      const refused = answer?.(body);
      if (refused) return refused;
      const name = u.pathname.split('/').pop()!;
      const to = fixture.document!.commands![name].to;
      if (to != null) record.new_state = to;
      return envelope({ id: 'r1', state: to, message: '已执行' }, '已执行');
    }
    return parts(url, init);
  });
  return { ...s, commands };
}

function Printed() {
  return <p data-testid="fx-printed">{useParams().id}</p>;
}

function show(id = 'r1') {
  const router = createMemoryRouter(
    [
      { path: '/fx/:id', element: <DocumentPage entity={fixture} testIdPrefix="fx" backTo="/fx" /> },
      { path: '/fx/print/:id', element: <Printed /> },
    ],
    { initialEntries: [`/fx/${id}`] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the generic document page', () => {
  it('offers the commands of the current state the caller holds the privilege for; outside the editable states it is read-only', async () => {
    signIn(['parts.read', 'parts.write']);
    server(returnState.draft);
    const first = show();
    expect((await screen.findByTestId('fx-state', {}, LONG)).getAttribute('data-state')).toBe(String(returnState.draft));
    expect(screen.getByTestId('fx-header').getAttribute('data-number')).toBe('FX-0001');
    expect(screen.getByTestId('fx-ship')).toBeTruthy();
    expect(screen.queryByTestId('fx-stamp')).toBeNull();
    expect(screen.queryByTestId('fx-readonly')).toBeNull();
    expect(screen.getByTestId('fx-form').getAttribute('data-editable')).toBe('true');
    first.unmount();
    resetAll();
    documentQueries.clear();

    signIn(['parts.read', 'parts.write']);
    server(returnState.delivered);
    show();
    expect((await screen.findByTestId('fx-state', {}, LONG)).getAttribute('data-state')).toBe(String(returnState.delivered));
    expect(screen.getByTestId('fx-readonly')).toBeTruthy();
    // Shipped: ship is over, and stamp needs parts.receive, which this caller lacks.
    for (const b of ['fx-ship', 'fx-stamp', 'form-save']) expect(screen.queryByTestId(b)).toBeNull();
  });

  it("asks a command's inputs in a dialog, sends nothing until they are given, then re-reads the document", async () => {
    signIn(['parts.read', 'parts.write', 'parts.receive']);
    const s = server(returnState.draft);
    show();
    await act(async () => fireEvent.click(await screen.findByTestId('fx-ship', {}, LONG)));
    const dialog = await screen.findByTestId('fx-ship-dialog');
    expect(dialog.textContent).toContain('物流公司');
    expect(dialog.textContent).toContain('物流单号');
    await act(async () => fireEvent.click(screen.getByTestId('fx-ship-dialog-ok')));
    await waitFor(() => expect(dialog.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(2));
    expect(s.commands).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('物流公司'), { target: { value: '顺丰' } });
    fireEvent.change(within(dialog).getByLabelText('物流单号'), { target: { value: 'SF100' } });
    await act(async () => fireEvent.click(screen.getByTestId('fx-ship-dialog-ok')));
    await waitFor(() => expect(s.commands).toHaveLength(1));
    expect(s.commands[0]).toEqual({
      path: '/api/documents/new_srv_sitereturns/r1/ship',
      body: { new_logisticscorp: '顺丰', new_trackingno: 'SF100' },
    });
    // The command invalidated the document: the state is read again, and what it offers follows.
    await waitFor(() => expect(screen.getByTestId('fx-state').getAttribute('data-state')).toBe(String(returnState.delivered)), LONG);
    expect(screen.queryByTestId('fx-ship')).toBeNull();
    expect(screen.getByTestId('fx-stamp')).toBeTruthy();
  });

  it('prints in any state: 打印 opens the declared print page of this document', async () => {
    signIn(['parts.read']);
    server(returnState.delivered);
    show();
    const print = await screen.findByTestId('fx-print', {}, LONG);
    expect(print.textContent).toContain('打印');
    await act(async () => fireEvent.click(print));
    expect((await screen.findByTestId('fx-printed')).textContent).toBe('r1');
  });
});
