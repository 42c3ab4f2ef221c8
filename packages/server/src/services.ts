import { authenticator, type Authenticate } from './auth/authenticate.ts';
import { sharedSecret } from './auth/secrets.ts';
import { OutboxSmsProvider, type SmsProvider } from './auth/sms.ts';
import { AccessTokens } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { createStorage, type Storage } from './files/storage.ts';

/** What routes and commands share: built once per app. */
export interface Services {
  db: Db;
  cfg: Config;
  tokens: AccessTokens;
  authenticate: Authenticate;
  sms: SmsProvider;
  smsKey: Uint8Array;
  /** Where attachments are kept (local folder or S3-compatible store). */
  storage: Storage;
  /** Key of the CRM's single sign-on assertions: SSO_SHARED_SECRET, else one kept in the database. */
  ssoKey: Uint8Array;
}

export async function buildServices(db: Db, cfg: Config, sms?: SmsProvider): Promise<Services> {
  const tokens = new AccessTokens(await sharedSecret(db, 'access-token'), cfg.accessTokenTtlSec);
  return {
    db,
    cfg,
    tokens,
    authenticate: authenticator(db, tokens, cfg),
    sms: sms ?? new OutboxSmsProvider(db),
    smsKey: await sharedSecret(db, 'sms-code'),
    storage: await createStorage(cfg.files),
    ssoKey: cfg.ssoSecret ? new TextEncoder().encode(cfg.ssoSecret) : await sharedSecret(db, 'sso'),
  };
}
