#!/usr/bin/env node
// Plays the CRM's side of single sign-on: prints a hand-off link /auth/{userId}/{target}?assertion=…
// signed with SSO_SHARED_SECRET (the portal must run with the same secret).
// usage: SSO_SHARED_SECRET=… node scripts/sso-link.mjs <userId> [targetPath=/servicehome] [portalUrl=http://localhost:8080]
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

const [userId, target = '/servicehome', portal = 'http://localhost:8080'] = process.argv.slice(2);
const secret = process.env.SSO_SHARED_SECRET;
if (!userId || !secret) {
  console.error('usage: SSO_SHARED_SECRET=… node scripts/sso-link.mjs <userId> [targetPath] [portalUrl]');
  process.exit(2);
}
const assertion = await new SignJWT({})
  .setProtectedHeader({ alg: 'HS256' })
  .setSubject(userId)
  .setAudience('service-portal-sso')
  .setIssuer('crm')
  .setJti(randomBytes(16).toString('base64url'))
  .setIssuedAt()
  .setExpirationTime('60s')
  .sign(new TextEncoder().encode(secret));
console.log(`${portal}/auth/${encodeURIComponent(userId)}/${encodeURIComponent(target)}?assertion=${assertion}`);
