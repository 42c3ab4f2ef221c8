import type { MessageKey } from '@portal/model';

/**
 * A refusal the user should read: HTTP status plus a catalogue message, rendered in the caller's
 * language by the error handler. `statusText` sets the HTTP reason phrase (invalid_token, …).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly statusText?: string,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) => new AppError(400, key, params);
export const forbidden = (key: MessageKey = 'error.noPermission') => new AppError(403, key);
export const notFound = (key: MessageKey = 'error.notFound') => new AppError(404, key);
export const invalidToken = () => new AppError(401, 'error.sessionExpired', undefined, 'invalid_token');
export const expiredToken = () => new AppError(401, 'error.sessionExpired', undefined, 'expired_token');
export const superseded = () => new AppError(409, 'session.elsewhere');
/** A session (or its refresh token) used on a host of the other portal kind than it was signed in on. */
export const otherPortal = (status: 400 | 401, statusText: 'invalid_grant' | 'invalid_token') =>
  new AppError(status, 'session.otherPortal', undefined, statusText);

/**
 * A refusal of a business command: a catalogue message and, when one field is at fault (a
 * quantity, a completion check), that field's name for the form to mark.
 */
export class Refusal extends AppError {
  constructor(
    key: MessageKey,
    params?: Record<string, string | number>,
    readonly field?: string,
    status = 400,
  ) {
    super(status, key, params);
  }
}

export const refuse = (key: MessageKey, params?: Record<string, string | number>, field?: string) => new Refusal(key, params, field);
