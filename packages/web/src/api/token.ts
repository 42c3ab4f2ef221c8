import { translate } from '../locales/i18n.ts';
import { ApiError, trimWorkflowMessage } from './envelope.ts';
import { httpExchange } from './http.ts';

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
}

export type TokenGrant =
  | { grant_type: 'password'; username: string; password: string; captcha1: string; captcha2: string }
  | { grant_type: 'password'; userid?: string; assertion: string }
  | { grant_type: 'smscode'; mobilephone: string; captcha1: string }
  | { grant_type: 'refresh_token'; refresh_token: string };

/** POST /token (form-encoded). A refusal is 400 with the user-facing text in Message. */
export async function requestToken(grant: TokenGrant): Promise<TokenResponse> {
  let result: Awaited<ReturnType<typeof httpExchange>>;
  try {
    result = await httpExchange('/token', { method: 'POST', form: grant as Record<string, string | undefined> });
  } catch {
    throw new ApiError(translate('error.network'), 0);
  }
  const { res, body } = result;
  const b = (body && typeof body === 'object' ? body : {}) as Partial<TokenResponse> & { Message?: string; error_description?: string };
  if (!res.ok || !b.access_token) {
    const text = trimWorkflowMessage(b.Message || b.error_description) || res.statusText || translate('error.server');
    throw new ApiError(text, res.status);
  }
  return b as TokenResponse;
}
