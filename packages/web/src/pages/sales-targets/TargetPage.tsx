import {
  businessUnitType,
  getEntity,
  targetMetric,
  targetPeriodType,
  type CountedOrder,
  type TargetDetail,
  type TargetKind,
} from '@portal/model';
import { Alert, Card, Col, Row, Skeleton, Statistic, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { screenPath } from '../../app/screen-path.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { targetDetail } from './sales-target-api.ts';
import { Completion, figure } from './TargetTable.tsx';

const ENTITY = { staff: getEntity('new_stafftarget')!, account: getEntity('new_accounttarget')! };
const ORDER = getEntity('salesorder')!;
/** The dealer dialog offers dealers only (the server refuses any other unit). */
const CONDITIONS = { new_dealer_id: [{ field: 'new_type', op: 'eq', value: businessUnitType.dealer }] };

/** 完成情况: the target, its actual computed now, completion, and the orders counted (each opens its order). */
function Progress({ kind, id, version }: { kind: TargetKind; id: string; version: string }) {
  const t = useT();
  const lang = useLocale();
  const [d, setD] = useState<TargetDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // `version` (the record's modifiedon) reloads it after a save.
    void version;
    targetDetail(kind, id).then(
      (x) => live && setD(x),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [kind, id, version]);
  if (failed) return <Alert type="error" showIcon title={t('error.server')} />;
  if (!d) return <Skeleton active />;
  const columns: TableColumnsType<CountedOrder> = [
    {
      key: 'name',
      title: ORDER.allFields.name.label[lang],
      render: (_: unknown, o) => <Link to={screenPath(ORDER.logicalName, 'view', o.id) ?? '#'}>{o.name}</Link>,
    },
    { key: 'buyer', dataIndex: 'buyer', title: t('salesTarget.ui.buyer') },
    { key: 'day', dataIndex: 'auditedOn', title: t('salesTarget.ui.auditedOn') },
    { key: 'amount', title: t('salesForecast.report.amount'), align: 'right', render: (_: unknown, o) => formatAmount(o.amount) },
  ];
  return (
    <div data-testid="target-progress" data-actual={d.actual} data-completion={d.completion}>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic title={ENTITY[kind].allFields.new_target.label[lang]} value={figure(d.metric, d.target)} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic title={t('salesTarget.actual')} value={figure(d.metric, d.actual)} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic title={t('salesTarget.completion')} value={`${d.completion}%`} />
            <Completion value={d.completion} />
          </Card>
        </Col>
      </Row>
      <Alert type="info" showIcon title={t('salesTarget.ui.asOf')} style={{ marginBottom: 12 }} />
      <h3>{t('salesTarget.ui.orders')}</h3>
      <Table<CountedOrder>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={d.orders}
        pagination={d.orders.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 'max-content' }}
        onRow={(o) => ({ 'data-testid': 'target-order', 'data-name': o.name }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('salesTarget.ui.noOrders') }}
      />
    </div>
  );
}

/**
 * /stafftarget/stafftargetView[/:id] and /accounttarget/create, /accounttarget/view/:id: a target on
 * the generic form (head office changes it; a dealer reads its own), a new one starting at this
 * month's amount target; once saved, 完成情况 shows its actual as the server computes it now and the
 * orders it counts. Hooks: the form's, `target-progress` (data-actual, data-completion), `target-order`.
 */
function TargetScreen({ kind }: { kind: TargetKind }) {
  const { id } = useParams();
  const t = useT();
  const e = ENTITY[kind];
  const [version, setVersion] = useState('');
  const defaults = useMemo(() => {
    const now = new Date();
    return {
      new_periodtype: targetPeriodType.month,
      new_year: now.getFullYear(),
      new_periodno: now.getMonth() + 1,
      new_metric: targetMetric.amount,
    };
  }, []);
  return (
    <EntityFormPage
      entity={e.logicalName}
      id={id}
      backTo={screenPath(e.logicalName, 'list')!}
      editPath={(newId) => screenPath(e.logicalName, 'edit', newId)!}
      defaults={id ? undefined : defaults}
      lookupConditions={kind === 'account' ? CONDITIONS : undefined}
      attachmentsTab={false}
      onLoaded={(r) => setVersion(String(r.modifiedon ?? ''))}
      extraTabs={
        id
          ? [
              {
                key: 'progress',
                label: <span data-testid="target-tab-progress">{t('salesTarget.ui.progress')}</span>,
                children: <Progress kind={kind} id={id} version={version} />,
              },
            ]
          : undefined
      }
    />
  );
}

export const StaffTargetPage = () => <TargetScreen kind="staff" />;
export const AccountTargetPage = () => <TargetScreen kind="account" />;
