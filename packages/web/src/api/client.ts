import { toast } from '../app/feedback.ts';
import { currentLocation, isPublicScreen, reapplyGuards } from '../app/navigation.ts';
import { translate } from '../locales/i18n.ts';
import { setSignInReason, type SignInReason } from '../session/sign-in-reason.ts';
import { getSession } from '../session/store.ts';
import { ApiError, isEnvelope, refusedField, trimWorkflowMessage, type Envelope } from './envelope.ts';
import { httpExchange, type HttpOptions, type HttpResult } from './http.ts';
import { refreshSession } from './refresh.ts';

export interface CallOptions extends Omit<HttpOptions, 'token'> {
  /** Send the bearer token (default true; it is only sent while signed in). */
  auth?: boolean;
  /** Do not toast failures; the caller shows them itself. */
  silent?: boolean;
}

const TOKEN_PROBLEMS = new Set(['invalid_token', 'expired_token']);

function isTokenProblem(res: Response, body: unknown): boolean {
  if (TOKEN_PROBLEMS.has(res.statusText)) return true;
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' && TOKEN_PROBLEMS.has(error);
}

function bodyMessage(body: unknown): string {
  if (body && typeof body === 'object' && typeof (body as { Message?: unknown }).Message === 'string') {
    return trimWorkflowMessage((body as { Message: string }).Message);
  }
  return '';
}

/**
 * Ends the local session and lets the guards move the user to sign-in (once per session). The
 * reason is kept for the sign-in card, which shows it until the user acts (issue 12 item 9); a
 * toast only when the screen the user is on needs no sign-in (so no sign-in card shows it now).
 */
function sessionLost(text: string, reason: SignInReason): ApiError {
  const wasLoggedIn = getSession().auth.isLoggedIn;
  const err = new ApiError(text, 0, undefined, true);
  if (wasLoggedIn) {
    setSignInReason(reason);
    const path = currentLocation().split(/[?#]/)[0] || '/';
    getSession().clearAll();
    reapplyGuards();
    if (isPublicScreen(path)) toast.error(text);
  }
  return err;
}

const superseded = () => new ApiError(sessionLost(translate('session.elsewhere'), { kind: 'elsewhere' }).message, 409, undefined, true);
const expired = (text: string) =>
  new ApiError(
    sessionLost(text || translate('error.sessionExpired'), text ? { kind: 'expired', text } : { kind: 'expired' }).message,
    401,
    undefined,
    true,
  );

async function exchange(path: string, opts: CallOptions, retried: boolean): Promise<HttpResult> {
  const { auth = true, ...http } = opts;
  const token = auth ? getSession().auth.accessToken : '';
  let result: HttpResult;
  try {
    result = await httpExchange(path, { ...http, token });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(translate('error.network'), 0);
  }
  const { res, body } = result;

  // spec 000 §8: a newer sign-in of this account ended our session.
  if (res.status === 409) throw superseded();

  if (res.status === 401) {
    if (token && isTokenProblem(res, body) && getSession().auth.isLoggedIn) {
      if (!retried) {
        const refreshed = await refreshSession(token);
        if (refreshed.ok) return exchange(path, opts, true);
        // The refresh itself can learn that another sign-in ended the session.
        if (refreshed.status === 409) throw superseded();
        throw expired(refreshed.message || bodyMessage(body));
      }
      throw expired(bodyMessage(body));
    }
    throw new ApiError(translate('error.noPermission'), 401);
  }

  if (!res.ok) {
    const env = isEnvelope(body) ? body : undefined;
    throw new ApiError(
      bodyMessage(body) || res.statusText || translate('error.server'),
      res.status,
      env?.ErrorCode,
      false,
      env?.Data,
      refusedField(body),
    );
  }
  if (isEnvelope(body) && body.ErrorCode !== 0) {
    throw new ApiError(
      trimWorkflowMessage(body.Message) || translate('error.server'),
      res.status,
      body.ErrorCode,
      false,
      body.Data,
      refusedField(body),
    );
  }
  return result;
}

/** Shows a failure as a toast (spec 000 §8: errors in general are shown as toasts). */
function report(e: unknown, silent?: boolean): never {
  if (e instanceof ApiError && !silent && !e.notified) {
    toast.error(e.message);
    e.notified = true;
  }
  throw e;
}

/** A call whose answer is not enveloped (portal config, captcha). */
export async function callRaw<T>(path: string, opts: CallOptions = {}): Promise<T> {
  try {
    return (await exchange(path, opts, false)).body as T;
  } catch (e) {
    return report(e, opts.silent);
  }
}

/** A call answering the envelope; resolves with the whole envelope (for Message on success). */
export async function call<T>(path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  try {
    const { body } = await exchange(path, opts, false);
    if (!isEnvelope(body)) return { ErrorCode: 0, Message: '', Data: body as T };
    return body as Envelope<T>;
  } catch (e) {
    return report(e, opts.silent);
  }
}

export const apiGet = async <T>(path: string, opts: Omit<CallOptions, 'method' | 'json'> = {}) =>
  (await call<T>(path, { ...opts, method: 'GET' })).Data;
export const apiPost = async <T>(path: string, json?: unknown, opts: Omit<CallOptions, 'method' | 'json'> = {}) =>
  (await call<T>(path, { ...opts, method: 'POST', json: json ?? {} })).Data;

/** A download: the file as a Blob plus the name the server suggests (Content-Disposition). */
export async function callBlob(path: string, opts: CallOptions = {}): Promise<{ blob: Blob; filename: string }> {
  try {
    const { res, body } = await exchange(path, { ...opts, responseType: 'blob' }, false);
    const blob = body instanceof Blob ? body : new Blob([typeof body === 'string' ? body : JSON.stringify(body)]);
    return { blob, filename: filenameFrom(res.headers.get('content-disposition')) };
  } catch (e) {
    return report(e, opts.silent);
  }
}

/** The file name of a Content-Disposition header (RFC 6266 filename* first). */
export function filenameFrom(header: string | null): string {
  if (!header) return '';
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : '';
}
