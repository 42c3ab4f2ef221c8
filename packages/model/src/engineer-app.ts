/**
 * The engineer app (issue 15) is its own page, mobile.html, with a much lighter entry than the
 * portal's (no portal shell, no antd on 我的工单): every path under `prefix` loads that page — the
 * server's fallback, the service worker offline and the dev server all ask `isEngineerAppPath`.
 */
import type { Privilege } from './security/privileges.ts';

/** `privilege`: what its screens need (the server checks it on every call too). */
export const ENGINEER_APP = {
  prefix: '/mobile/',
  home: '/mobile/workorders',
  page: 'mobile.html',
  privilege: 'workorder.service' satisfies Privilege,
} as const;

export const isEngineerAppPath = (path: string): boolean => path.startsWith(ENGINEER_APP.prefix);
