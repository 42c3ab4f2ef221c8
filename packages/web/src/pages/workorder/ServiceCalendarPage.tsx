import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { getEntity, slotLabel, workOrderStatus } from '@portal/model';
import { Alert, Button, Calendar, Card, Empty, Segmented, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { displayValue, retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useT } from '../../locales/i18n.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { PageTitle } from '../PageTitle.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { editPath } from './WorkOrderListPage.tsx';
import { WORK_ORDER } from './work-order-rules.ts';
import { num } from '../../entity-ui/document/num.ts';

export type CalendarMode = 'month' | 'week' | 'day';

/** At most this many appointments are read for one screen; more asks for the engineer filter. */
export const CALENDAR_MAX = 1000;
/** Appointments listed in one month cell before "N more". */
const CELL_MAX = 3;

/** The days a mode shows around a date (a month view covers the weeks its grid shows). */
export function visibleRange(mode: CalendarMode, anchor: Dayjs): [Dayjs, Dayjs] {
  if (mode === 'day') return [anchor.startOf('day'), anchor.startOf('day')];
  if (mode === 'week') return [anchor.startOf('week'), anchor.startOf('week').add(6, 'day')];
  const first = anchor.startOf('month').startOf('week');
  // antd's month grid is always 6 weeks.
  return [first, first.add(41, 'day')];
}

/** The records query of a range (appointment dates are calendar days) and an engineer; cancelled orders are left out. */
export function appointmentFilter(from: Dayjs, to: Dayjs, workerId?: string): string {
  const e = getEntity(WORK_ORDER)!;
  const parts = [
    `new_appointmenttime ge ${from.format('YYYY-MM-DD')}`,
    `new_appointmenttime le ${to.format('YYYY-MM-DD')}`,
    `new_status ne ${workOrderStatus.cancelled}`,
  ];
  if (workerId) parts.push(`new_worker_id eq ${literal(e.allFields.new_worker_id, workerId)}`);
  return parts.join(' and ');
}

const SELECT = [
  'new_srv_workorderid',
  'new_name',
  'new_appointmenttime',
  'new_appointmentbegin',
  'new_appointmentend',
  'new_appointmentstatus',
  'new_worker_id',
  'new_customer',
  'new_address',
  'new_status',
  'new_dealstatus',
];

const dayOf = (row: RecordRow) => String(row.new_appointmenttime ?? '').slice(0, 10);
const slots = (row: RecordRow) => {
  const b = num(row.new_appointmentbegin);
  const e = num(row.new_appointmentend);
  return b === null ? '' : `${slotLabel(b)}${e === null ? '' : `–${slotLabel(e)}`}`;
};

/** One appointment: slots, engineer, customer, status; a click opens the order. */
function Appointment({ row, compact }: { row: RecordRow; compact?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const id = String(row.new_srv_workorderid ?? '');
  const engineer = displayValue(row, 'new_worker_id') || t('wo.ui.cal.noEngineer');
  const open = (ev: React.SyntheticEvent) => {
    ev.stopPropagation();
    navigate(editPath(id));
  };
  return (
    <div
      role="link"
      tabIndex={0}
      className={compact ? 'cal-item cal-item-compact' : 'cal-item'}
      data-testid="cal-item"
      data-id={id}
      data-date={dayOf(row)}
      onClick={open}
      onKeyDown={(ev) => ev.key === 'Enter' && open(ev)}
      style={{
        cursor: 'pointer',
        fontSize: compact ? 12 : undefined,
        whiteSpace: compact ? 'nowrap' : undefined,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        padding: compact ? 0 : '6px 0',
      }}
      title={`${slots(row)} ${engineer} · ${String(row.new_customer ?? '')} (${String(row.new_name ?? '')})`}
    >
      {compact ? (
        <span>
          {slots(row)} {engineer} · {String(row.new_customer ?? '')}
        </span>
      ) : (
        <Space wrap size={8}>
          <Typography.Text strong>{slots(row)}</Typography.Text>
          <span>{engineer}</span>
          <span>{String(row.new_customer ?? '')}</span>
          <Typography.Text type="secondary">{String(row.new_name ?? '')}</Typography.Text>
          <Typography.Text type="secondary">{String(row.new_address ?? '')}</Typography.Text>
          <OptionTag set={workOrderStatus} value={row.new_status} />
          {row.new_appointmentstatus !== null && row.new_appointmentstatus !== undefined && (
            <Typography.Text type="secondary">{displayValue(row, 'new_appointmentstatus')}</Typography.Text>
          )}
        </Space>
      )}
    </div>
  );
}

/**
 * /appointment/view, the service calendar: appointments of the visible month, week or day (read
 * through the record service, in the user's scope), optionally of one engineer; a click on an
 * appointment opens its order, a click on a day in the month shows that day.
 */
export default function ServiceCalendarPage() {
  const t = useT();
  const [mode, setMode] = useState<CalendarMode>('month');
  // Today is China's date (UTC+8, as the greeting's hour), whatever the browser's zone.
  const [anchor, setAnchor] = useState<Dayjs>(() => todayUtc8());
  const todayKey = todayUtc8().format('YYYY-MM-DD');
  const [engineer, setEngineer] = useState<LookupRecord | null>(null);
  const [rows, setRows] = useState<RecordRow[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(false);
  const [from, to] = useMemo(() => visibleRange(mode, anchor), [mode, anchor]);
  const fromKey = from.format('YYYY-MM-DD');
  const toKey = to.format('YYYY-MM-DD');

  useEffect(() => {
    let live = true;
    setLoading(true);
    retrieveMultiple('new_srv_workorders', {
      select: SELECT,
      filter: appointmentFilter(dayjs(fromKey), dayjs(toKey), engineer?.id),
      orderby: 'new_appointmenttime asc,new_appointmentbegin asc',
      top: CALENDAR_MAX,
      count: true,
    })
      .then((r) => {
        if (!live) return;
        setRows(r.rows);
        setCount(r.count);
      })
      .catch(() => live && setRows([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [fromKey, toKey, engineer?.id]);

  const byDay = useMemo(() => {
    const m = new Map<string, RecordRow[]>();
    for (const r of rows) {
      const d = dayOf(r);
      m.set(d, [...(m.get(d) ?? []), r]);
    }
    return m;
  }, [rows]);

  const step = (n: number) => setAnchor((a) => a.add(n, mode));
  const rangeLabel =
    mode === 'month' ? anchor.format('YYYY-MM') : mode === 'week' ? `${fromKey} ~ ${toKey}` : anchor.format('YYYY-MM-DD dddd');

  const days: Dayjs[] = [];
  if (mode !== 'month') for (let d = from; !d.isAfter(to); d = d.add(1, 'day')) days.push(d);

  return (
    <div data-testid="service-calendar" data-mode={mode} data-from={fromKey} data-to={toKey} data-loading={loading ? 'true' : 'false'}>
      <PageTitle>{t('wo.ui.calendar')}</PageTitle>
      <Card>
        <Space wrap size={12} style={{ marginBottom: 12 }}>
          <Segmented<CalendarMode>
            data-testid="cal-mode"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'month', label: t('wo.ui.cal.month') },
              { value: 'week', label: t('wo.ui.cal.week') },
              { value: 'day', label: t('wo.ui.cal.day') },
            ]}
          />
          <Space.Compact>
            <Button icon={<LeftOutlined />} onClick={() => step(-1)} aria-label={t('wo.ui.cal.prev')} data-testid="cal-prev" />
            <Button onClick={() => setAnchor(todayUtc8())} data-testid="cal-today">
              {t('wo.ui.cal.today')}
            </Button>
            <Button icon={<RightOutlined />} onClick={() => step(1)} aria-label={t('wo.ui.cal.next')} data-testid="cal-next" />
          </Space.Compact>
          <Typography.Text strong data-testid="cal-range">
            {rangeLabel}
          </Typography.Text>
          <div style={{ width: 240 }}>
            <LookupInput
              def={{ entityName: 'new_srv_worker' }}
              value={engineer}
              onChange={setEngineer}
              placeholder={t('wo.ui.cal.engineer')}
              testId="cal-engineer"
            />
          </div>
          {loading && <Spin size="small" />}
        </Space>
        {count > rows.length && (
          <Alert
            type="warning"
            showIcon
            title={t('wo.ui.cal.truncated', { n: rows.length })}
            style={{ marginBottom: 12 }}
            data-testid="cal-truncated"
          />
        )}
        {mode === 'month' ? (
          <Calendar
            value={anchor}
            headerRender={() => null}
            onSelect={(d, info) => {
              if (info.source !== 'date') return;
              // A day of another month moves the calendar there; a day of this month opens it.
              if (d.isSame(anchor, 'month')) setMode('day');
              setAnchor(d.startOf('day'));
            }}
            // The whole cell is drawn here so that "today" is marked by the UTC+8 date: antd's own
            // marker follows the browser's clock (and without antd's cell-inner class, whose
            // today-border would mark the browser's day).
            fullCellRender={(d, info) => {
              if (info.type !== 'date') return info.originNode;
              const key = d.format('YYYY-MM-DD');
              const list = byDay.get(key) ?? [];
              return (
                <div className={key === todayKey ? 'ant-picker-calendar-date ant-picker-calendar-date-today' : 'ant-picker-calendar-date'}>
                  <div className="ant-picker-calendar-date-value">{String(d.date()).padStart(2, '0')}</div>
                  <div className="ant-picker-calendar-date-content">
                    <div data-testid="cal-cell" data-date={key} data-count={list.length} data-today={key === todayKey ? 'true' : undefined}>
                      {list.slice(0, CELL_MAX).map((r) => (
                        <Appointment key={String(r.new_srv_workorderid)} row={r} compact />
                      ))}
                      {list.length > CELL_MAX && (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="cal-more">
                          {t('wo.ui.cal.more', { n: list.length - CELL_MAX })}
                        </Typography.Text>
                      )}
                    </div>
                  </div>
                </div>
              );
            }}
          />
        ) : rows.length === 0 && !loading ? (
          <Empty description={t('wo.ui.cal.empty')} data-testid="cal-empty" />
        ) : (
          days.map((d) => {
            const key = d.format('YYYY-MM-DD');
            const list = byDay.get(key) ?? [];
            if (mode === 'week' && list.length === 0) return null;
            return (
              <div key={key} data-testid="cal-day" data-date={key} data-count={list.length} style={{ marginBottom: 16 }}>
                <Typography.Title level={5} style={{ marginBottom: 4 }}>
                  {d.format('YYYY-MM-DD dddd')}
                </Typography.Title>
                {list.length === 0 ? (
                  <Typography.Text type="secondary">{t('wo.ui.cal.empty')}</Typography.Text>
                ) : (
                  list.map((r) => <Appointment key={String(r.new_srv_workorderid)} row={r} />)
                )}
              </div>
            );
          })
        )}
      </Card>
    </div>
  );
}
