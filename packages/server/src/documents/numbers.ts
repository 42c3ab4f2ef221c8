import type { DocumentNumber, EntityDef } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { chinaDate } from '../domain/china-time.ts';
import { nextDocumentNumbers } from '../domain/document-number.ts';

/** The declared number's prefix today: `ED202611` (per month) or `TH20261127` (per day), China time. */
export function numberPrefix(n: DocumentNumber, now = new Date()): string {
  const day = chinaDate(now).replaceAll('-', '');
  return n.prefix + (n.period === 'month' ? day.slice(0, 6) : day);
}

/** Numbers for `count` new documents of the entity, as its `document.number` declares (`ED202611-0001`, …). */
export function documentNumbers(sql: Sql, e: EntityDef, count: number, now = new Date()): Promise<string[]> {
  const n = e.document?.number;
  if (!n) throw new Error(`${e.logicalName} declares no document number`);
  return nextDocumentNumbers(sql, e.logicalName, numberPrefix(n, now), count);
}
