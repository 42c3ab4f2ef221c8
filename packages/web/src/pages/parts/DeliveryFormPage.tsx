import { CarOutlined, CheckSquareOutlined, ExportOutlined, GiftOutlined, SendOutlined } from '@ant-design/icons';
import { deliveryState, getEntity, receiptState, stockOutType, type DeliveryStep } from '@portal/model';
import { Alert } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { deleteDeliveryLine } from '../../api/parts.ts';
import type { RecordRow } from '../../api/records.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { num } from '../../entity-ui/document/num.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { DeliveryProgress } from './DeliveryProgress.tsx';
import { DeliveryStepDialog } from './DeliveryStepDialog.tsx';
import { DISPATCH_LIST, deliveryLineCreatePath, deliveryLineEditPath, dispatchPath } from './delivery-paths.ts';
import { availableSteps, deliveryStateOf, isDraft, takesHandLines } from './delivery-rules.ts';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';

const ORDER = 'new_stockoutorder';
const LINE = 'new_stockoutorderdetail';
const SCRAP_FIELDS = ['new_scrapreason', 'new_afterscrap'];

const ICONS: Record<DeliveryStep, ReactNode> = {
  submit: <SendOutlined />,
  pick: <CheckSquareOutlined />,
  pack: <GiftOutlined />,
  out: <ExportOutlined />,
  ship: <CarOutlined />,
};

/**
 * /partsDispatch/edit/:id: a delivery. Its own fields are editable only while it is to be
 * submitted, by delivery.create holders (scrap fields only on a scrap delivery); the header shows
 * out type, state and receipt state; each step (提交, 拣货, 包装, 出库, 发运) shows only to the
 * holder of its privilege in the state it starts from. Tabs: lines (新增明细 for damaged, faulty
 * and scrapped deliveries, edit and delete while to be submitted) and progress.
 */
export default function DeliveryFormPage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const navigate = useNavigate();
  const e = getEntity(ORDER)!;
  const line = getEntity(LINE)!;
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [step, setStep] = useState<DeliveryStep | null>(null);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const state = deliveryStateOf(row);
  const creator = can('delivery.create');
  const draft = isDraft(row);
  const editable = creator && draft;
  const outType = num(row?.new_outtype);
  const locked = useMemo(() => (outType === stockOutType.scrapped ? undefined : SCRAP_FIELDS), [outType]);

  const actions: ActionButton[] = row
    ? availableSteps(state, can).map((s) => ({
        key: s,
        label: t(`parts.ui.step.${s}`),
        icon: ICONS[s],
        type: 'primary',
        onClick: () => setStep(s),
        testId: `pd-step-${s}`,
      }))
    : [];

  const title = (
    <DocumentTitle testId="pd-header" label={e.label[lang]} number={row?.new_name}>
      {row && <OptionTag set={stockOutType} value={row.new_outtype} testId="pd-outtype" />}
      {row && <OptionTag set={deliveryState} value={row.new_state} testId="pd-state" />}
      {row && <OptionTag set={receiptState} value={row.new_receiptstate} testId="pd-receiptstate" />}
    </DocumentTitle>
  );

  const tab = (key: string, text: string, children: ReactNode) => ({
    key,
    label: <span data-testid={`pd-tab-${key}`}>{text}</span>,
    children,
  });
  const tabs =
    id && row
      ? [
          tab(
            'lines',
            t('parts.ui.lines'),
            <DocumentLines
              entity={LINE}
              parentField="new_stockoutorder_id"
              parentId={id}
              version={version}
              editable={editable}
              // Application and transfer deliveries take their lines from those documents.
              onAdd={takesHandLines(outType) ? () => navigate(deliveryLineCreatePath(id)) : undefined}
              onEdit={(r) => navigate(deliveryLineEditPath(String(r[line.primaryKey])))}
              onDelete={(r) => deleteDeliveryLine(id, String(r[line.primaryKey]))}
              onChanged={refresh}
            />,
          ),
          tab('progress', t('parts.ui.progress'), <DeliveryProgress row={row} />),
        ]
      : undefined;

  return (
    <div data-testid="pd-form" data-state={row ? state : undefined} data-editable={editable ? 'true' : 'false'}>
      {row && !draft && (
        <Alert type="info" showIcon title={t('parts.ui.readOnly')} style={{ marginBottom: 12 }} data-testid="pd-readonly" />
      )}
      <EntityFormPage
        entity={ORDER}
        id={id}
        backTo={DISPATCH_LIST}
        editPath={dispatchPath}
        title={title}
        canWrite={editable}
        lockedFields={locked}
        allowDelete={editable}
        actions={actions}
        extraTabs={tabs}
        onLoaded={setRow}
        reloadSignal={version}
      />
      <DeliveryStepDialog
        step={step}
        row={row}
        onClose={() => setStep(null)}
        onDone={() => {
          setStep(null);
          refresh();
        }}
      />
    </div>
  );
}
