import type { LngLat } from '@portal/model';
import { slotLabel } from '@portal/model/option-sets/work-order.ts';
import type { RecordRow } from '../../api/records.ts';
import type { OrderView } from '../../offline/orders.ts';

/** The calendar day (YYYY-MM-DD) of an appointment date as the server answers it (a date, China time). */
export const dayOf = (row: RecordRow) => String(row.new_appointmenttime ?? '').slice(0, 10);
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * 我的工单's order: today's appointments first (China-time day), by their begin slot; then the
 * other open orders, the nearest appointment first, those without one last, then by number.
 */
export function sortMyOrders(orders: readonly OrderView[], today: string): { today: OrderView[]; others: OrderView[] } {
  const open = orders.filter((o) => {
    const s = Number(o.row.new_status);
    return (s >= 2 && s <= 5) || o.pending.length > 0;
  });
  // Order numbers are ASCII (WO20261125-0003): a plain comparison, not localeCompare, whose first
  // call builds an ICU collator (~50 ms on a slow phone at start).
  const byNumber = (a: OrderView, b: OrderView) => {
    const x = String(a.row.new_name ?? '');
    const y = String(b.row.new_name ?? '');
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const todays = open
    .filter((o) => dayOf(o.row) === today)
    .sort((a, b) => (num(a.row.new_appointmentbegin) ?? 9999) - (num(b.row.new_appointmentbegin) ?? 9999) || byNumber(a, b));
  const others = open
    .filter((o) => dayOf(o.row) !== today)
    .sort((a, b) => {
      const da = dayOf(a.row) || '9999-99-99';
      const db = dayOf(b.row) || '9999-99-99';
      return da < db ? -1 : da > db ? 1 : byNumber(a, b);
    });
  return { today: todays, others };
}

/** "2026-11-25 09:00–11:00", the day alone, or '' without an appointment. */
export function appointmentText(row: RecordRow): string {
  const day = dayOf(row);
  if (!day) return '';
  const b = num(row.new_appointmentbegin);
  const e = num(row.new_appointmentend);
  return b !== null && e !== null ? `${day} ${slotLabel(b)}–${slotLabel(e)}` : day;
}

/** The full address: province, city, county (each once) and the street address. */
export function fullAddress(row: RecordRow): string {
  const parts = [row.new_province, row.new_city, row.new_county].map((v) => String(v ?? '').trim()).filter(Boolean);
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return `${unique.join('')}${String(row.new_address ?? '').trim()}`;
}

/** The order's stored position (GPS, WGS-84), or null. */
export function orderPosition(row: RecordRow): LngLat | null {
  const lng = num(row.new_longitude);
  const lat = num(row.new_latitude);
  return lng !== null && lat !== null && Number.isFinite(lng) && Number.isFinite(lat) && (lng !== 0 || lat !== 0) ? { lng, lat } : null;
}

/** A dialable tel: link (digits, +, -, no spaces), or null. */
export function telLink(phone: unknown): string | null {
  const p = String(phone ?? '').replace(/[^\d+\-,;#*]/g, '');
  return p.length >= 3 ? `tel:${p}` : null;
}
