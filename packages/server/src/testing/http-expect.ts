import { expect } from 'vitest';
import type { Portal } from '../boot.ts';

/** An answer of `app.inject`. */
export type Res = Awaited<ReturnType<Portal['app']['inject']>>;

/** What a command answers in Data: the record it acted on, a new line's id, its message. */
export type CommandData = { id: string; lineId?: string; message: string };

/** A refusal: `status` (400) with `message` in the envelope, and the field it names when given. */
export function refused(res: Res, message: string, status = 400, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().Message).toBe(message);
  if (field) expect(res.json().error.field).toBe(field);
}

/** A success (200), with `message` in the envelope when given; returns Data. */
export function done<T = CommandData>(res: Res, message?: string): T {
  expect(res.statusCode, res.body).toBe(200);
  if (message) expect(res.json().Message).toBe(message);
  return res.json().Data as T;
}
