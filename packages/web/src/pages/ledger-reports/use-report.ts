import type { LedgerPeriodQuery } from '@portal/model';
import type { TablePaginationConfig } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { saveBlob } from '../../shared/download.ts';
import { useSession } from '../../session/store.ts';
import { STATION_USER } from '../../session/user-type.ts';
import type { DateRange } from '../../widgets/DateRangePicker.tsx';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { periodQuery, thisMonth } from './period.ts';

export type Paging = { page: number; pageSize: number };

export type ReportSource<Q extends LedgerPeriodQuery, D> = {
  /** Reads one page (a report paged on the server) or the whole report (`page` is then ignored). */
  load: (query: Q, page: Paging) => Promise<D>;
  /** Every row as Excel, for the same filters. */
  exportFile: (query: Q) => Promise<{ blob: Blob; filename: string }>;
  /** The file's name when the server gives none (the report's title). */
  exportName: string;
};

/**
 * The state every ledger report shares: the station (a station user's own, so no filter) and the
 * period, the page on the server, the loaded report and the export. `extra` holds the page's own
 * filters and must be memoised by the caller (it is part of the load's dependencies).
 */
export function useReport<E extends object, D>(source: ReportSource<LedgerPeriodQuery & E, D>, extra: E) {
  const t = useT();
  const user = useSession((s) => s.user);
  const ownStation = user.userType === STATION_USER;
  const [station, setStation] = useState<LookupRecord | null>(null);
  const [range, setRange] = useState<DateRange>(() => thisMonth());
  const [page, setPage] = useState<Paging>({ page: 1, pageSize: 50 });
  const [data, setData] = useState<D | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);
  // The source is usually an inline object: read it through a ref so a render does not reload.
  const sourceRef = useRef(source);
  sourceRef.current = source;

  const filters = useMemo(() => ({ stationId: station?.id, ...extra, ...periodQuery(range) }), [station, extra, range]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    sourceRef.current
      .load(filters, page)
      .then((d) => live && setData(d))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [filters, page]);

  /** A filter's setter that also goes back to the first page (another filter, another set of rows). */
  const filter =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage((p) => (p.page === 1 ? p : { ...p, page: 1 }));
    };

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await sourceRef.current.exportFile(filters);
      saveBlob(blob, filename || `${sourceRef.current.exportName}.xlsx`);
      toast.success(t('widgets.list.exported'));
    } catch {
      /* toasted */
    } finally {
      setExporting(false);
    }
  };

  /** The table's pagination for a report paged on the server. */
  const serverPagination = (total: number): TablePaginationConfig => ({
    current: page.page,
    pageSize: page.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    showTotal: (n) => t('widgets.list.total', { total: n }),
    onChange: (p, s) => setPage({ page: s === page.pageSize ? p : 1, pageSize: s }),
  });

  return {
    ownStation,
    station,
    setStation: filter(setStation),
    range,
    setRange: filter(setRange),
    filter,
    data,
    loading,
    exporting,
    exportXlsx,
    serverPagination,
  };
}

export type Report<D> = ReturnType<typeof useReport<object, D>>;
