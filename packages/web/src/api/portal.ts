import type { LocaleEntry } from '../locales/i18n.ts';
import { call, callRaw, type CallOptions } from './client.ts';

/** GET /api/portal/config (not enveloped): what the server decides per host. */
export interface PortalConfig {
  isStore: boolean;
  crmAuthorizeUrl: string;
  externalHosts: string[];
  defaultLangId: number;
  /** Address cascade lists; `{code}` stands for the parent's id. */
  addressUrls?: { province: string; city: string; county: string };
}

export interface Captcha {
  captchaId: string;
  /** SVG markup. */
  image: string;
}

/** Data of GET /api/portaluser/me. */
export interface MeInfo {
  userId: string;
  userName: string;
  nickName: string;
  fullName: string;
  loginType: string;
  avatarUrl: string;
  departName: string;
  departId: string;
  userType: number | null;
  /** The kind of the account's business unit (businessunit_type); older servers send none. */
  unitType?: number | null;
  privilege: string[];
  roles: string[];
  mobilephone: string;
  stationName: string | null;
  businessUnitName: string | null;
  portal: string;
  sessionStartedAt: string;
  /** The account's own personnel record: 我的工单 lists the orders assigned to it. */
  workerId: string | null;
}

export const getPortalConfig = (opts?: CallOptions) => callRaw<PortalConfig>('/api/portal/config', { auth: false, ...opts });
export const getCaptcha = (opts?: CallOptions) => callRaw<Captcha>('/api/captcha', { auth: false, ...opts });

export const sendSmsCode = (
  body: { mobilephone: string; captchaId: string; captcha: string; purpose: 'login' | 'reset' },
  opts?: CallOptions,
) => call<null>('/api/sms/code', { method: 'POST', json: body, auth: false, ...opts });

export const getMe = (opts?: CallOptions) => call<MeInfo>('/api/portaluser/me', opts).then((e) => e.Data);
export const logout = (opts?: CallOptions) => call<null>('/api/portaluser/logout', { method: 'POST', json: {}, ...opts });

export const changePassword = (body: { oldPassword: string; newPassword: string; confirmPassword: string }, opts?: CallOptions) =>
  call<null>('/api/portaluser/changepassword', { method: 'POST', json: body, ...opts });

export const resetPassword = (
  body: { mobilephone: string; smscode: string; newPassword: string; confirmPassword: string },
  opts?: CallOptions,
) => call<null>('/api/portaluser/resetpassword', { method: 'POST', json: body, auth: false, ...opts });

export const uploadAvatar = (image: string, opts?: CallOptions) =>
  call<{ avatarUrl: string }>('/api/portaluser/avatar', { method: 'POST', json: { image }, ...opts });

export const getLanguageList = (opts?: CallOptions) =>
  call<LocaleEntry[]>('/api/PortalLanguage/GetLanguageList', { auth: false, ...opts }).then((e) => e.Data);

export const getLanguageConfigs = (langId: number, opts?: CallOptions) =>
  call<{ LangId: number; LanguageConfigs: Record<string, string> }>('/api/PortalLanguage/GetLanguageConfigs', {
    query: { langId },
    auth: false,
    ...opts,
  }).then((e) => e.Data);

/** spec 001 §7: the server stamps new_source 2, the user and the address. */
export const writeOperationLog = (entry: { new_name: string; new_url?: string; new_detail?: string }, opts?: CallOptions) =>
  call<null>('/api/OperationLog', { method: 'POST', json: entry, silent: true, ...opts });
