import {
  AuditOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  FieldTimeOutlined,
  FlagOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { currency, getEntity, workOrderDealStatus, workOrderStatus } from '@portal/model';
import { Alert, Space, Tag } from 'antd';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import type { AddressFields } from '../../entity-ui/AddressFieldInput.tsx';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import {
  hiddenFieldsOf,
  LOCKED_MARKER,
  moneySymbolOf,
  orderEditPath,
  OVERSEAS_DEFAULTS,
  OVERSEAS_REQUIRED,
} from '../overseas/overseas-form.ts';
import { MoneySymbol } from '../../widgets/MoneyInput.tsx';
import { ContractWarrantyNote, warrantyTakenByContract, WorkOrderContract } from '../contract/WorkOrderContract.tsx';
import { toast } from '../../app/feedback.ts';
import { WorkOrderProductReturn } from '../product-return/WorkOrderProductReturn.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { WorkOrderActionDialogs } from './WorkOrderDialogs.tsx';
import { WorkOrderLines, WorkOrderLog } from './WorkOrderLines.tsx';
import { availableActions, isEditable, mayRun, orderState, WORK_ORDER, type ActionKind } from './work-order-rules.ts';

export const ADDRESS_FIELDS: AddressFields = { province: 'new_province', city: 'new_city', county: 'new_county', address: 'new_address' };

const ICONS: Record<ActionKind, ReactNode> = {
  dispatch: <UserSwitchOutlined />,
  appointment: <CalendarOutlined />,
  progress: <FieldTimeOutlined />,
  complete: <CheckCircleOutlined />,
  cancel: <CloseCircleOutlined />,
  audit: <AuditOutlined />,
  revisit: <MessageOutlined />,
  settlement: <MoneyCollectOutlined />,
  supervise: <FlagOutlined />,
};

/**
 * /workOrder/create and /workOrder/edit/:id. The edit screen shows the number and both statuses,
 * is read-only once the order is no longer editable (status not 1–5 or 7), offers the commands
 * the status and the user's privileges allow (each a dialog, then the order is reloaded), and has
 * the details (repair items, parts, malfunctions, outside trips), the log and the attachments.
 */
export default function WorkOrderFormPage({ overseas = false }: { overseas?: boolean }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const user = useSession((s) => s.user);
  const [row, setRow] = useState<RecordRow | null>(null);
  const [reload, setReload] = useState(0);
  const [dialog, setDialog] = useState<ActionKind | null>(null);
  const writer = can('workorder.write');
  const state = orderState(row);
  const editable = !!row && isEditable(state.status);

  // A station user's order belongs to their station.
  const own = !id && user.userType === STATION_USER && !!user.departId;
  const defaults = useMemo(
    () => ({ ...(own ? { new_station_id: { id: user.departId, name: user.departName } } : {}), ...(overseas ? OVERSEAS_DEFAULTS : {}) }),
    [own, user.departId, user.departName, overseas],
  );
  // Overseas orders (country and currency, no address cascader) have their own screen: an order opened at the other one moves there.
  const loaded = useRef<RecordRow | null>(null);
  const onLoaded = (r: RecordRow) => {
    // A save the server turned 保内 because a maintenance contract covers the machine: say so.
    const contract = warrantyTakenByContract(loaded.current, r);
    if (contract !== null) toast.info(t('contract.ui.nowInWarranty', { name: contract }));
    loaded.current = r;
    setRow(r);
    if (id && typeof r.new_isoverseas === 'boolean' && r.new_isoverseas !== overseas)
      navigate(orderEditPath(id, r.new_isoverseas), { replace: true });
  };
  const locked = useMemo(() => [...(own ? ['new_station_id'] : []), ...LOCKED_MARKER], [own]);

  const refresh = () => setReload((n) => n + 1);
  const actions: ActionButton[] = row
    ? availableActions(state, can).map((k) => ({
        key: k,
        label: k === 'dispatch' && state.hasWorker ? t('wo.ui.reassign') : t(`wo.ui.${k}`),
        icon: ICONS[k],
        danger: k === 'cancel',
        onClick: () => setDialog(k),
        testId: `wo-action-${k}`,
      }))
    : [];

  const currencyLabel = overseas && row ? currency.options.find((o) => o.value === Number(row.new_currency))?.label[lang] : undefined;
  const fieldCaption = (name: string) => getEntity(WORK_ORDER)!.allFields[name].label[lang];
  const title = id ? (
    <Space size={8} data-testid="wo-header" data-number={String(row?.new_name ?? '')}>
      <span>{getEntity(WORK_ORDER)!.label[lang]}</span>
      {/* Both statuses can read alike (已派工 and 已派工): each tag says which one it is. */}
      {row && (
        <OptionTag set={workOrderDealStatus} value={row.new_dealstatus} testId="wo-dealstatus" caption={fieldCaption('new_dealstatus')} />
      )}
      {row && <OptionTag set={workOrderStatus} value={row.new_status} testId="wo-status" caption={fieldCaption('new_status')} />}
      {row?.new_isabnormal === true && (
        <Tag color="red" data-testid="wo-abnormal">
          {getEntity(WORK_ORDER)!.allFields.new_isabnormal.label[lang]}
        </Tag>
      )}
      <WorkOrderContract row={row} />
      <WorkOrderProductReturn orderId={id} />
      {currencyLabel && (
        <Tag color="gold" data-testid="wo-currency">
          {t('overseas.ui.amountsIn', { currency: currencyLabel })}
        </Tag>
      )}
    </Space>
  ) : overseas ? (
    t('overseas.ui.create')
  ) : (
    t('widgets.form.create', { entity: getEntity(WORK_ORDER)!.label[lang] })
  );

  // Lines and photos: the station's writers, and the engineer on the orders assigned to them.
  const linesEditable = mayRun('lines', can) && editable;
  const tab = (key: string, label: string, children: ReactNode) => ({
    key,
    label: <span data-testid={`wo-tab-${key}`}>{label}</span>,
    children,
  });
  const extraTabs =
    id && row
      ? [
          tab(
            'repairitems',
            getEntity('new_srv_repairitem')!.label[lang],
            <WorkOrderLines orderId={id} kind="repairitems" editable={linesEditable} onChanged={refresh} />,
          ),
          tab(
            'partlines',
            getEntity('new_srv_partline')!.label[lang],
            <WorkOrderLines orderId={id} kind="partlines" editable={linesEditable} onChanged={refresh} />,
          ),
          tab(
            'troubles',
            getEntity('new_srv_trouble')!.label[lang],
            <WorkOrderLines orderId={id} kind="troubles" editable={linesEditable} onChanged={refresh} />,
          ),
          tab(
            'outsidelines',
            getEntity('new_srv_outsideline')!.label[lang],
            <WorkOrderLines
              orderId={id}
              kind="outsidelines"
              editable={linesEditable}
              onChanged={refresh}
              stationId={typeof row.new_station_id === 'string' ? row.new_station_id : undefined}
            />,
          ),
          tab('log', getEntity('new_srv_workorderlog')!.label[lang], <WorkOrderLog orderId={id} version={reload} />),
        ]
      : undefined;

  return (
    <MoneySymbol value={moneySymbolOf(overseas, row?.new_currency)}>
      <div data-testid="wo-form" data-variant={overseas ? 'overseas' : 'domestic'}>
        {row && !editable && (
          <Alert type="info" showIcon title={t('wo.ui.readOnly')} style={{ marginBottom: 12 }} data-testid="wo-readonly" />
        )}
        {editable && <ContractWarrantyNote row={row} />}
        <EntityFormPage
          entity={WORK_ORDER}
          id={id}
          backTo={overseas ? '/overseas/list' : '/workOrder/list'}
          editPath={(newId) => orderEditPath(newId, overseas)}
          title={title}
          defaults={defaults}
          lockedFields={locked}
          hiddenFields={hiddenFieldsOf(overseas, !id)}
          canWrite={id ? writer && editable : undefined}
          canAttach={id ? linesEditable : undefined}
          allowDelete={false}
          actions={actions}
          extraTabs={extraTabs}
          onLoaded={onLoaded}
          addressFields={overseas ? undefined : ADDRESS_FIELDS}
          requiredFields={overseas ? OVERSEAS_REQUIRED : undefined}
          reloadSignal={reload}
        />
        <WorkOrderActionDialogs
          open={dialog}
          row={row}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            refresh();
          }}
        />
      </div>
    </MoneySymbol>
  );
}
