import { getEntity } from '@portal/model';
import { Table } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { displayValue, retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { ApprovalStatusTag } from '../../widgets/approval/ApprovalStatusTag.tsx';
import { applyPath, kindOf, STATION_APPLY } from './station-apply-paths.ts';

const E = getEntity(STATION_APPLY)!;

/** A station's applications (change, continuation, exit), newest first, each linking to its screen: the station record's history. */
export function StationApplyHistory({ stationId }: { stationId: string }) {
  const t = useT();
  const lang = useLocale();
  const [rows, setRows] = useState<RecordRow[] | null>(null);
  useEffect(() => {
    retrieveMultiple(E.entitySet, {
      select: [E.primaryKey, 'new_name', 'new_applytype', 'new_approvalstatus', 'new_reason', 'createdon', 'new_approvedtime'],
      filter: `new_station_id eq ${stationId}`,
      orderby: 'createdon desc',
      top: 100,
    }, { silent: true })
      .then((r) => setRows(r.rows))
      .catch(() => setRows([]));
  }, [stationId]);
  const col = (name: string) => E.allFields[name].label[lang];
  return (
    <Table<RecordRow>
      data-testid="station-apply-history"
      size="small"
      rowKey={(r) => String(r[E.primaryKey])}
      loading={rows === null}
      dataSource={rows ?? []}
      pagination={false}
      locale={{ emptyText: t('stationApply.ui.noHistory') }}
      columns={[
        { key: 'name', title: col('new_name'), render: (_, r) => { const k = kindOf(r.new_applytype); return k ? <Link to={applyPath(k, String(r[E.primaryKey]))}>{String(r.new_name ?? '')}</Link> : String(r.new_name ?? ''); } },
        { key: 'type', title: col('new_applytype'), render: (_, r) => displayValue(r, 'new_applytype') },
        { key: 'status', title: col('new_approvalstatus'), render: (_, r) => <ApprovalStatusTag status={Number(r.new_approvalstatus)} /> },
        { key: 'reason', title: col('new_reason'), ellipsis: true, render: (_, r) => String(r.new_reason ?? '') },
        { key: 'createdon', title: col('createdon'), render: (_, r) => displayValue(r, 'createdon') },
      ]}
    />
  );
}

/** The history as a record screen's extra tab. */
export const stationApplyHistoryTab = (stationId: string | undefined, label: string) =>
  stationId ? [{ key: 'stationApplies', label: <span data-testid="form-tab-station-applies">{label}</span>, children: <StationApplyHistory stationId={stationId} /> }] : [];
