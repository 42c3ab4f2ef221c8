import { CheckCircleOutlined } from '@ant-design/icons';
import { getEntity, isClientField, partsSalesState } from '@portal/model';
import { Alert } from 'antd';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { confirmSale, deleteRequestLine } from '../../api/parts.ts';
import type { RecordRow } from '../../api/records.ts';
import { confirmCommand } from '../../widgets/confirm-command.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { num } from '../../entity-ui/document/num.ts';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { SALES_DOC } from './request-documents.ts';
import { RequestLineDialog } from './RequestLineDialog.tsx';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';

const ORDER = getEntity(SALES_DOC.entity)!;
/** A new sale shows only what a user enters (number, station, warehouse and totals are the server's). */
const HIDDEN_ON_CREATE = Object.keys(ORDER.allFields).filter((n) => !isClientField(ORDER, n));

/**
 * /newOrder/edit (create) and /newOrder/edit/:id: a station's parts sale to an end customer. While
 * to be submitted (draft) the header, its lines (the shared document lines) and delete are open to
 * parts.write and 确认销售 sells it (the server takes the lines out of the station's stock); a sold
 * order is read-only. Hooks: `xs-form`, `xs-state`, `xs-confirm`, `xs-refusal`, `xs-readonly`, `xs-tab-lines`.
 */
export default function SalesOrderPage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const writer = can(SALES_DOC.write);
  const state = num(row?.new_state) ?? partsSalesState.draft;
  const draft = !!row && state === partsSalesState.draft;

  // A refusal names the part and the quantity available.
  const sell = () =>
    confirmCommand(t, {
      title: t('sales.confirm'),
      content: t('sales.confirmAsk'),
      run: () => confirmSale(id!),
      refused: setRefusal,
      after: refresh,
    });

  const actions: ActionButton[] =
    id && draft && writer
      ? [{ key: 'confirm', label: t('sales.confirm'), icon: <CheckCircleOutlined />, onClick: sell, testId: 'xs-confirm' }]
      : [];

  const title = id ? (
    <DocumentTitle testId="xs-header" label={ORDER.label[lang]} number={row?.new_name}>
      {row && <OptionTag set={partsSalesState} value={state} testId="xs-state" dataName="state" />}
    </DocumentTitle>
  ) : undefined;

  const lines = {
    key: 'lines',
    label: <span data-testid="xs-tab-lines">{t('parts.ui.lines')}</span>,
    children: (
      <DocumentLines
        entity={SALES_DOC.lineEntity}
        parentField={SALES_DOC.parentField}
        parentId={id}
        version={version}
        editable={writer && draft}
        onAdd={() => setLine('new')}
        onEdit={(r) => setLine(r)}
        onDelete={(r) => deleteRequestLine('sales', id!, String(r[getEntity(SALES_DOC.lineEntity)!.primaryKey]))}
        onChanged={refresh}
      />
    ),
  };

  return (
    <div data-testid="xs-form" data-editable={draft ? 'true' : 'false'}>
      {refusal && draft && (
        <Alert
          type="error"
          showIcon
          closable
          title={refusal}
          onClose={() => setRefusal(null)}
          style={{ marginBottom: 12 }}
          data-testid="xs-refusal"
        />
      )}
      {id && row && !draft && (
        <Alert type="info" showIcon title={t('sales.readOnly')} style={{ marginBottom: 12 }} data-testid="xs-readonly" />
      )}
      <EntityFormPage
        entity={SALES_DOC.entity}
        id={id}
        backTo={SALES_DOC.listPath}
        editPath={SALES_DOC.editPath}
        title={title}
        hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
        canWrite={id ? writer && draft : undefined}
        allowDelete={draft}
        actions={actions}
        extraTabs={[lines]}
        onLoaded={setRow}
        reloadSignal={version}
      />
      {id && (
        <RequestLineDialog
          doc={SALES_DOC}
          docId={id}
          editing={line}
          onClose={() => setLine(null)}
          onDone={() => {
            setLine(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
