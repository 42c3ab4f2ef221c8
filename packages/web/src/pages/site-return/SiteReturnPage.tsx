import { CheckOutlined, CloseCircleOutlined, SendOutlined } from '@ant-design/icons';
import { getEntity, isClientField, returnState } from '@portal/model';
import { Alert, Form, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { deleteRequestLine, siteReturnCommand } from '../../api/parts.ts';
import type { RecordRow } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { confirmCommand } from '../../widgets/confirm-command.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import type { RequestDocument } from '../parts/request-documents.ts';
import { RequestLineDialog } from '../parts/RequestLineDialog.tsx';
import { useDocumentLines } from '../../entity-ui/document/use-document-lines.ts';
import { num } from '../../entity-ui/document/num.ts';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useReceiptQuantities } from '../parts/receipt-quantities.tsx';

/** The parts return application (配件退货申请): lines like a request's, delivered and received instead of approved. */
export const SITE_RETURN_DOC: RequestDocument = {
  entity: 'new_srv_sitereturn',
  lineEntity: 'new_srv_sitereturndetail',
  parentField: 'new_sitereturn_id',
  kind: 'siteReturns',
  write: 'parts.write',
  closers: ['parts.write', 'parts.receive'],
  prefix: 'th',
  listPath: '/siteReturn/list',
  editPath: (id) => `/siteReturn/edit/${encodeURIComponent(id)}`,
  closable: (row) => num(row.new_state) !== returnState.received && !row.new_isclose,
};

const HEADER = getEntity(SITE_RETURN_DOC.entity)!;
const LINE = getEntity(SITE_RETURN_DOC.lineEntity)!;
/** A new return shows only what a user enters (number, station, warehouse, state and totals are the server's). */
const HIDDEN_ON_CREATE = Object.keys(HEADER.allFields).filter((n) => !isClientField(HEADER, n));

/** Which buttons a return shows: the station delivers and closes its draft; the receiving warehouse receives and closes what is on the way. */
export function returnActions(row: RecordRow | null, can: (p: 'parts.write' | 'parts.receive') => boolean, stationUser: boolean) {
  const state = num(row?.new_state) ?? returnState.draft;
  const open = !!row && !row.new_isclose;
  const onTheWay = state === returnState.delivered || state === returnState.semiReceived;
  return {
    deliver: open && state === returnState.draft && can('parts.write'),
    receive: open && onTheWay && can('parts.receive') && !stationUser,
    close: open && ((state === returnState.draft && can('parts.write')) || (onTheWay && can('parts.receive') && !stationUser)),
    draft: !!row && state === returnState.draft && open,
  };
}

/** 收货: one quantity per line (starting at what is still to receive), posted as one receipt. */
function ReceiveDialog({ id, open, onClose, onDone }: { id: string; open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const lang = useLocale();
  const { rows } = useDocumentLines(LINE.logicalName, SITE_RETURN_DOC.parentField, open ? id : undefined, open ? 1 : 0);
  const receipt = useReceiptQuantities(LINE, rows);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      // A refused quantity shows at its line; nothing is posted.
      const lines = await receipt.lines();
      if (!lines) return;
      toast.success((await siteReturnCommand(id, 'receive', { lines })).message);
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string) => ({ key: name, title: LINE.allFields[name].label[lang], render: (_: unknown, r: RecordRow) => cellText(r, name, LINE.allFields[name], lang) });
  const columns: TableColumnsType<RecordRow> = [
    field('new_code'),
    field('new_name'),
    field('new_qty'),
    field('new_receivedqty'),
    receipt.column(t('siteReturn.receiveQty'), 'th-receive-qty', 150),
  ];

  return (
    <Modal
      open={open}
      title={t('siteReturn.receiveTitle')}
      width={720}
      okText={t('siteReturn.receive')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'th-receive-ok' } as { loading: boolean }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="th-receive-error" />}
      <Form form={receipt.form} component={false}>
        <Table<RecordRow> size="small" rowKey={receipt.idOf} columns={columns} dataSource={rows} pagination={false} data-testid="th-receive-lines" />
      </Form>
    </Modal>
  );
}

/**
 * /siteReturn/edit (create) and /siteReturn/edit/:id: a station's parts return to a central
 * warehouse. While to be submitted the header, its lines (the shared document lines) and delete are
 * open to the station and 发货 delivers it (the server moves the lines out of the station's stock
 * into the warehouse's transit); the receiving warehouse then 收货 with quantities per line (in part:
 * semi received). 关闭 closes a draft (station) or what is still on the way (warehouse). Hooks:
 * `th-form`, `th-state`, `th-closed`, `th-deliver`, `th-receive`, `th-close`, `th-refusal`, `th-readonly`, `th-tab-lines`.
 */
export default function SiteReturnPage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const user = useSession((s) => s.user);
  const stationUser = user.userType === STATION_USER;
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const state = num(row?.new_state) ?? returnState.draft;
  const may = returnActions(row, can, stationUser);
  const writer = can(SITE_RETURN_DOC.write);

  // A refusal names the part and what remains to return.
  const run = (step: 'deliver' | 'close', title: string, content: string) =>
    confirmCommand(t, { title, content, run: () => siteReturnCommand(id!, step), refused: setRefusal, after: refresh });

  const actions: ActionButton[] = id
    ? [
        { key: 'deliver', label: t('siteReturn.deliver'), icon: <SendOutlined />, type: 'primary', hidden: !may.deliver, testId: 'th-deliver', onClick: () => run('deliver', t('siteReturn.deliver'), t('siteReturn.deliverAsk')) },
        { key: 'receive', label: t('siteReturn.receive'), icon: <CheckOutlined />, type: 'primary', hidden: !may.receive, testId: 'th-receive', onClick: () => setReceiving(true) },
        { key: 'close', label: t('siteReturn.close'), icon: <CloseCircleOutlined />, hidden: !may.close, testId: 'th-close', onClick: () => run('close', t('siteReturn.close'), t('siteReturn.closeAsk')) },
      ]
    : [];

  const title = id ? (
    <DocumentTitle testId="th-header" label={HEADER.label[lang]} number={row?.new_name}>
      {row && <OptionTag set={returnState} value={state} testId="th-state" dataName="state" />}
      {row?.new_isclose ? <Tag data-testid="th-closed">{HEADER.allFields.new_isclose.label[lang]}</Tag> : null}
    </DocumentTitle>
  ) : undefined;

  const lines = {
    key: 'lines',
    label: <span data-testid="th-tab-lines">{t('parts.ui.lines')}</span>,
    children: (
      <DocumentLines
        entity={SITE_RETURN_DOC.lineEntity}
        parentField={SITE_RETURN_DOC.parentField}
        parentId={id}
        version={version}
        editable={writer && may.draft}
        onAdd={() => setLine('new')}
        onEdit={(r) => setLine(r)}
        onDelete={(r) => deleteRequestLine('siteReturns', id!, String(r[LINE.primaryKey]))}
        onChanged={refresh}
      />
    ),
  };

  return (
    <div data-testid="th-form" data-editable={may.draft ? 'true' : 'false'}>
      {refusal && <Alert type="error" showIcon closable title={refusal} onClose={() => setRefusal(null)} style={{ marginBottom: 12 }} data-testid="th-refusal" />}
      {id && row && !may.draft && <Alert type="info" showIcon title={t('siteReturn.readOnly')} style={{ marginBottom: 12 }} data-testid="th-readonly" />}
      <EntityFormPage
        entity={SITE_RETURN_DOC.entity}
        id={id}
        backTo={SITE_RETURN_DOC.listPath}
        editPath={SITE_RETURN_DOC.editPath}
        title={title}
        hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
        canWrite={id ? writer && may.draft : undefined}
        allowDelete={may.draft}
        actions={actions}
        extraTabs={[lines]}
        onLoaded={setRow}
        reloadSignal={version}
      />
      {id && <RequestLineDialog doc={SITE_RETURN_DOC} docId={id} editing={line} onClose={() => setLine(null)} onDone={() => { setLine(null); refresh(); }} />}
      {id && <ReceiveDialog id={id} open={receiving} onClose={() => setReceiving(false)} onDone={() => { setReceiving(false); refresh(); }} />}
    </div>
  );
}
