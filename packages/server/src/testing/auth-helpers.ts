import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../demo/data.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A fresh captcha and its answer (through the test-mode read-back). */
export async function solvedCaptcha(app: FastifyInstance): Promise<{ id: string; answer: string }> {
  const { captchaId } = (await app.inject({ method: 'GET', url: '/api/captcha' })).json();
  const answer = (await app.inject({ method: 'GET', url: `/api/dev/captcha/${captchaId}` })).json().Data as string;
  return { id: captchaId, answer };
}

export function postToken(app: FastifyInstance, form: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/token', payload: new URLSearchParams(form).toString(), headers: { ...FORM, ...headers } });
}

export async function passwordForm(app: FastifyInstance, username: string, password = DEMO_PASSWORD) {
  const c = await solvedCaptcha(app);
  return { grant_type: 'password', username, password, captcha1: c.id, captcha2: c.answer };
}

/** Signs in with username, password and captcha; returns the token answer. */
export async function signIn(app: FastifyInstance, username: string, headers: Record<string, string> = {}) {
  const res = await postToken(app, await passwordForm(app, username), headers);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
