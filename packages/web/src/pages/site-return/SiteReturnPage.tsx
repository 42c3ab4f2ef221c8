import { getEntity, isClientField, returnState } from '@portal/model';
import { Alert, Form, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { runCommand } from '../../api/command.ts';
import type { RecordRow } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { DocumentPage, type CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { num } from '../../entity-ui/document/num.ts';
import { useDocumentLines } from '../../entity-ui/document/use-document-lines.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { useReceiptQuantities } from '../parts/receipt-quantities.tsx';
import type { RequestDocument } from '../parts/request-documents.ts';
import { useRequestLines } from '../parts/request-page.tsx';

/** The parts return application (配件退货申请): lines like a request's, delivered and received instead of approved. */
export const SITE_RETURN_DOC: RequestDocument = {
  entity: 'new_srv_sitereturn',
  lineEntity: 'new_srv_sitereturndetail',
  parentField: 'new_sitereturn_id',
  kind: 'siteReturns',
  write: 'parts.write',
  prefix: 'th',
  listPath: '/siteReturn/list',
  editPath: (id) => `/siteReturn/edit/${encodeURIComponent(id)}`,
  closable: (row) => num(row.new_state) !== returnState.received && !row.new_isclose,
};

const HEADER = getEntity(SITE_RETURN_DOC.entity)!;
const LINE = getEntity(SITE_RETURN_DOC.lineEntity)!;
/** A new return shows only what a user enters (number, station, warehouse, state and totals are the server's). */
const HIDDEN_ON_CREATE = Object.keys(HEADER.allFields).filter((n) => !isClientField(HEADER, n));

/** 收货: one quantity per line (starting at what is still to receive), posted as one receipt. */
const ReceiveDialog: CommandSlot = ({ id, open, onClose, onDone }) => {
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
      toast.success((await runCommand(SITE_RETURN_DOC.entity, id, 'receive', { lines })).message);
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string) => ({
    key: name,
    title: LINE.allFields[name].label[lang],
    render: (_: unknown, r: RecordRow) => cellText(r, name, LINE.allFields[name], lang),
  });
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
        <Table<RecordRow>
          size="small"
          rowKey={receipt.idOf}
          columns={columns}
          dataSource={rows}
          pagination={false}
          data-testid="th-receive-lines"
        />
      </Form>
    </Modal>
  );
};

/**
 * /siteReturn/edit (create) and /siteReturn/edit/:id: a station's parts return to a central
 * warehouse, on the generic document page (its declaration: number, status, lines, deliver, receive,
 * close). While to be submitted the header, its lines and delete are open to the station and 发货
 * delivers it; the receiving warehouse then 收货 with quantities per line (this page's dialog);
 * 关闭 closes a draft (station) or what is still on the way (warehouse). Hooks: `th-form`,
 * `th-state`, `th-closed`, `th-deliver`, `th-receive`, `th-close`, `th-refusal`, `th-readonly`, `th-tab-lines`.
 */
export default function SiteReturnPage() {
  const { id } = useParams();
  const stationUser = useSession((s) => s.user.userType === STATION_USER);
  const requestLines = useRequestLines(SITE_RETURN_DOC, id);
  return (
    <DocumentPage
      entity={SITE_RETURN_DOC.entity}
      testIdPrefix="th"
      backTo={SITE_RETURN_DOC.listPath}
      editPath={SITE_RETURN_DOC.editPath}
      hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
      readOnlyText="siteReturn.readOnly"
      // A station never acts for the receiving warehouse (the server checks the unit itself).
      mayRun={(_, grant) => !(stationUser && grant.party === 'new_tounit_id')}
      commandDialogs={{ receive: ReceiveDialog }}
      {...requestLines}
    />
  );
}
