import { DownloadOutlined } from '@ant-design/icons';
import { getEntity } from '@portal/model';
import { Alert, Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocale, useT } from '../../locales/i18n.ts';
import { DateRangePicker } from '../../widgets/DateRangePicker.tsx';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { PageTitle } from '../PageTitle.tsx';
import type { Report } from './use-report.ts';

const STATION = getEntity('new_srv_station')!;

type Props = {
  /** The root's data-testid; it carries data-loading and the period the server answered for. */
  testId: string;
  /** Prefix of the filters' test ids (`<prefix>-station`, `<prefix>-period`). */
  prefix: string;
  title: string;
  hint: string;
  report: Report<unknown>;
  period?: { from?: string; to?: string };
  /** The page's own filters, between the station and the period. */
  filters?: ReactNode;
  /** Shown under the hint (e.g. a warning about the answer). */
  banner?: ReactNode;
  /** The table. */
  children: ReactNode;
};

/** The frame of a ledger report: title with 导出, a hint, the station and period filters, the table. */
export function ReportPage({ testId, prefix, title, hint, report, period, filters, banner, children }: Props) {
  const t = useT();
  const lang = useLocale();
  return (
    <div data-testid={testId} data-loading={report.loading ? 'true' : 'false'} data-from={period?.from} data-to={period?.to}>
      <PageTitle
        extra={
          <Button icon={<DownloadOutlined />} onClick={report.exportXlsx} loading={report.exporting} data-testid="list-export">
            {t('widgets.action.export')}
          </Button>
        }
      >
        {title}
      </PageTitle>
      <Alert type="info" showIcon title={hint} style={{ marginBottom: 12 }} />
      {banner}
      <div className="list-toolbar">
        <Space wrap size={8}>
          {!report.ownStation && (
            <>
              <Typography.Text>{STATION.label[lang]}</Typography.Text>
              <div style={{ minWidth: 220 }}>
                <LookupInput
                  testId={`${prefix}-station`}
                  def={{ entityName: 'new_srv_station' }}
                  value={report.station}
                  onChange={report.setStation}
                />
              </div>
            </>
          )}
          {filters}
          <Typography.Text>{t('report.period')}</Typography.Text>
          <DateRangePicker testId={`${prefix}-period`} disablePast={false} value={report.range} onChange={report.setRange} />
        </Space>
      </div>
      {children}
    </div>
  );
}
