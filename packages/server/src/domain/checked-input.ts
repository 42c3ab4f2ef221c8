import type { MessageKey } from '@portal/model';
import { refuse } from '../http/errors.ts';
import { parseDate, parseDateTime } from '../records/validate.ts';

/**
 * Dates and times a command reads from a request body or query, through the record service's
 * parsers (a real calendar day, YYYY-MM-DD; an ISO date-time, no offset = China time), so SQL
 * never sees one that is not. Anything else — 2026-02-30, 2026-13-01, 'abc', a number — is refused
 * with "invalid date" naming the field; a blank one is missing.
 */

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** What a missing value is answered with: by default "{field} is required". */
type Missing = { key: MessageKey; params?: Record<string, string | number> };

function checked(
  parse: (s: string) => string | null,
  key: MessageKey,
  v: unknown,
  label: string,
  field: string,
  missing?: Missing | null,
): string | null {
  if (blank(v)) {
    if (missing === null) return null;
    const m = missing ?? { key: 'records.required', params: { field: label } };
    throw refuse(m.key, m.params, field);
  }
  const ok = typeof v === 'string' ? parse(v) : null;
  if (!ok) throw refuse(key, { field: label }, field);
  return ok;
}

/** A day (YYYY-MM-DD); refused when blank. */
export const requiredDate = (v: unknown, label: string, field: string, missing?: Missing): string =>
  checked(parseDate, 'records.date', v, label, field, missing)!;

/** A day (YYYY-MM-DD), or null when blank. */
export const optionalDate = (v: unknown, label: string, field: string): string | null =>
  checked(parseDate, 'records.date', v, label, field, null);

/** A date-time as an ISO instant (UTC); refused when blank. */
export const requiredDateTime = (v: unknown, label: string, field: string, missing?: Missing): string =>
  checked(parseDateTime, 'records.datetime', v, label, field, missing)!;

/** A date-time as an ISO instant (UTC), or null when blank. */
export const optionalDateTime = (v: unknown, label: string, field: string): string | null =>
  checked(parseDateTime, 'records.datetime', v, label, field, null);

/** A request as it arrives: the named fields not yet checked (a date may be anything until parsed here). */
export type AsSent<T, K extends keyof T> = Omit<T, K> & { [P in K]?: unknown };
