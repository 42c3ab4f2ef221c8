/**
 * Service accounts (issue 30): systems calling the API with client credentials. The commands (one
 * transaction each, privilege system.admin; server integration/service-accounts/routes.ts):
 * POST {SERVICE_ACCOUNT_API} {name, roles, units, rateLimit?} — a new account; answers its
 *   client_id and secret, the secret only this once (the server keeps its SHA-256);
 * GET {SERVICE_ACCOUNT_API}/{id} — its name, role ids, unit ids and limit (the edit dialog);
 * POST {SERVICE_ACCOUNT_API}/{id} {name, roles, units, rateLimit?} — changes them (client id and
 *   secret stay);
 * POST {SERVICE_ACCOUNT_API}/{id}/rotate — a new secret (shown once); the old one and every token
 *   issued with it stop working at once;
 * POST {SERVICE_ACCOUNT_API}/{id}/disable — no more tokens, and the issued ones are refused at once
 *   on every instance; POST …/{id}/enable — tokens again (with the current secret);
 * GET {SERVICE_ACCOUNT_API}/options — the roles and business units the create dialog offers.
 * Tokens: POST {OAUTH2_TOKEN_PATH} (grant_type=client_credentials, client_id, client_secret, form,
 * JSON or HTTP Basic) → { access_token, token_type: 'Bearer', expires_in }.
 */
export const SERVICE_ACCOUNT_API = '/api/service-accounts';
export const OAUTH2_TOKEN_PATH = '/api/oauth2/token';
/** Requests per minute of an account created without a limit. */
export const SERVICE_ACCOUNT_DEFAULT_RATE = 600;
export const SERVICE_ACCOUNT_MAX_RATE = 100_000;

export interface ServiceAccountInput {
  name: string;
  /** Role ids (role.roleid). */
  roles: string[];
  /** Business unit ids: the account's reach is the union of their subtrees. */
  units: string[];
  rateLimit?: number;
}

/** A command's answer; `clientSecret` only from create and rotate. */
export interface ServiceAccountResult {
  id: string;
  clientId: string;
  clientSecret?: string;
  message: string;
}

/** What the edit dialog starts from. */
export interface ServiceAccountDetail {
  id: string;
  name: string;
  roles: string[];
  units: string[];
  rateLimit: number;
}

export interface ServiceAccountOptions {
  roles: { id: string; name: string; code: string }[];
  units: { id: string; name: string; type: number | null }[];
}
