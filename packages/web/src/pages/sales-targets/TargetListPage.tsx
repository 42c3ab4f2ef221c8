import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  businessUnitType,
  getEntity,
  targetMetric,
  targetPeriodType,
  type TargetKind,
  type TargetPage,
  type TargetQuery,
} from '@portal/model';
import { Alert, Button, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { screenPath } from '../../app/screen-path.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { useSession } from '../../session/store.ts';
import { currentYearUtc8 } from '../../shared/date.ts';
import { saveBlob } from '../../shared/download.ts';
import type { LookupDef, LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { exportTargets, targetPage } from './sales-target-api.ts';
import { TargetTable } from './TargetTable.tsx';

const ENTITY = { staff: getEntity('new_stafftarget')!, account: getEntity('new_accounttarget')! };
/** Who a target is for: a salesman, or a dealer (the unit dialog offers dealers only). */
const WHO: Record<TargetKind, LookupDef> = {
  staff: {
    entityName: 'new_salesman',
    displayFields: ['new_name', 'new_code', 'new_province', 'new_city'],
    filterFields: ['new_name', 'new_code'],
  },
  account: {
    entityName: 'businessunit',
    displayFields: ['name', 'new_code'],
    filterFields: ['name', 'new_code'],
    conditions: [{ field: 'new_type', op: 'eq', value: businessUnitType.dealer }],
  },
};
const PREFIX = { staff: 'st', account: 'at' } as const;

/**
 * /stafftarget/stafftargetList (业务员目标) and /accounttarget/list (经销商目标): targets beside
 * their actuals, which the server computes from the audited orders when the page asks (never a
 * stored figure), with completion; filters year, period, metric and who (a dealer sees its own
 * only, so it gets no "who"); 导出 gives every row of the filters; head office adds (新建) and opens
 * a row to change it. Hooks: `<st|at>-list` (data-loading, data-total), `<st|at>-row`, the filters
 * `<st|at>-year`, `-period-type`, `-period-no`, `-metric`, `-who`, buttons `list-new`, `list-export`.
 */
function TargetList({ kind }: { kind: TargetKind }) {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const navigate = useNavigate();
  const dealer = useSession((s) => s.user.unitType) === businessUnitType.dealer;
  const e = ENTITY[kind];
  const p = PREFIX[kind];
  const thisYear = currentYearUtc8();
  const [year, setYear] = useState<number | undefined>(thisYear);
  const [periodType, setPeriodType] = useState<number | undefined>();
  const [periodNo, setPeriodNo] = useState<number | undefined>();
  const [metric, setMetric] = useState<number | undefined>();
  const [who, setWho] = useState<LookupRecord | null>(null);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [data, setData] = useState<TargetPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);
  const q: TargetQuery = useMemo(() => ({ year, periodType, periodNo, metric, who: who?.id }), [year, periodType, periodNo, metric, who]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    targetPage(kind, { ...q, ...page })
      .then((d) => live && setData(d))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [kind, q, page]);

  /** A filter's setter that goes back to the first page. */
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage((x) => ({ ...x, page: 1 }));
    };
  const exportFile = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportTargets(kind, q);
      saveBlob(blob, filename || `${t(`salesTarget.sheet.${kind}`)}.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  const options = (set: { options: readonly { value: number; label: Record<string, string> }[] }) =>
    set.options.map((o) => ({ value: o.value, label: o.label[lang] }));
  const numbers = Array.from({ length: periodType === targetPeriodType.quarter ? 4 : 12 }, (_, i) => ({
    value: i + 1,
    label: String(i + 1),
  }));
  const create = screenPath(e.logicalName, 'create');

  return (
    <div data-testid={`${p}-list`} data-loading={loading ? 'true' : 'false'} data-total={data?.total ?? 0}>
      <PageTitle
        extra={
          <Space wrap>
            {create && can(e.access!.write!) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(create)} data-testid="list-new">
                {t('widgets.action.new')}
              </Button>
            )}
            <Button icon={<DownloadOutlined />} onClick={exportFile} loading={exporting} data-testid="list-export">
              {t('widgets.action.export')}
            </Button>
          </Space>
        }
      >
        {e.label[lang]}
      </PageTitle>
      <Alert type="info" showIcon title={t('salesTarget.ui.asOf')} style={{ marginBottom: 12 }} />
      <div className="list-toolbar">
        <Space wrap size={8}>
          <Select
            data-testid={`${p}-year`}
            aria-label={e.allFields.new_year.label[lang]}
            style={{ width: 120 }}
            value={year ?? 0}
            onChange={filter((v: number) => setYear(v || undefined))}
            options={[
              { value: 0, label: t('salesTarget.ui.allYears') },
              ...[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => ({ value: y, label: String(y) })),
            ]}
          />
          <Select
            data-testid={`${p}-period-type`}
            aria-label={e.allFields.new_periodtype.label[lang]}
            placeholder={e.allFields.new_periodtype.label[lang]}
            allowClear
            style={{ width: 120 }}
            value={periodType}
            onChange={filter((v: number | undefined) => {
              setPeriodType(v);
              setPeriodNo(undefined);
            })}
            options={options(targetPeriodType)}
          />
          <Select
            data-testid={`${p}-period-no`}
            aria-label={e.allFields.new_periodno.label[lang]}
            placeholder={e.allFields.new_periodno.label[lang]}
            allowClear
            style={{ width: 120 }}
            value={periodNo}
            onChange={filter(setPeriodNo)}
            options={numbers}
          />
          <Select
            data-testid={`${p}-metric`}
            aria-label={e.allFields.new_metric.label[lang]}
            placeholder={e.allFields.new_metric.label[lang]}
            allowClear
            style={{ width: 130 }}
            value={metric}
            onChange={filter(setMetric)}
            options={options(targetMetric)}
          />
          {!(kind === 'account' && dealer) && (
            <>
              <Typography.Text>{t(`salesTarget.who.${kind}`)}</Typography.Text>
              <div style={{ minWidth: 220 }}>
                <LookupInput
                  testId={`${p}-who`}
                  def={WHO[kind]}
                  value={who}
                  onChange={filter(setWho)}
                  placeholder={t(kind === 'staff' ? 'salesman.ui.pickSalesman' : 'salesman.ui.pickDealer')}
                />
              </div>
            </>
          )}
        </Space>
      </div>
      <TargetTable
        kind={kind}
        who
        testId={p}
        rows={data?.rows ?? []}
        loading={loading}
        onOpen={(r) => navigate(screenPath(e.logicalName, 'edit', r.id)!)}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          onChange: (n, size) => setPage({ page: size === page.pageSize ? n : 1, pageSize: size }),
        }}
      />
    </div>
  );
}

export const StaffTargetListPage = () => <TargetList kind="staff" />;
export const AccountTargetListPage = () => <TargetList kind="account" />;
