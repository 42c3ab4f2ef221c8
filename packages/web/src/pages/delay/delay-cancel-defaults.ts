import type { RecordRow } from '../../api/records.ts';

const FORMATTED = '@OData.Community.Display.V1.FormattedValue';

/** Where a cancellation of the extension `row` is created: the extension travels in the query. */
export function cancelCreatePath(row: RecordRow): string {
  const q = new URLSearchParams({
    delay: String(row.new_srv_delayproductid ?? ''),
    delayName: String(row.new_name ?? ''),
    station: String(row.new_station_id ?? ''),
    stationName: String(row[`new_station_id${FORMATTED}`] ?? ''),
    serial: String(row.new_serialnumber ?? ''),
  });
  return `/delaycancle/create?${q}`;
}

/** The values a new cancellation starts with, read from the query `cancelCreatePath` made. */
export function cancelDefaults(search: string): Record<string, unknown> {
  const q = new URLSearchParams(search);
  const delay = q.get('delay');
  if (!delay) return {};
  const station = q.get('station');
  return {
    new_delayproduct_id: { id: delay, name: q.get('delayName') ?? '' },
    ...(station ? { new_station_id: { id: station, name: q.get('stationName') ?? '' } } : {}),
    new_serialnumber: q.get('serial') ?? '',
  };
}
