import { ENGINEER_APP } from '@portal/model';
import type { RouteDef } from './routes.ts';

/**
 * The engineer app (issue 15): 我的工单 and one order, phone-first, working offline (IndexedDB and
 * the action queue in src/offline). It is its own page (mobile.html, src/engineer-main.tsx): the
 * portal's router guards these paths like any screen (sign-in, the privilege), then hands over to
 * that page with a document load.
 */
export const ENGINEER_APP_ROUTES: RouteDef[] = [
  { name: 'myWorkOrder', path: `${ENGINEER_APP.home}/:id`, layout: 'bare', permissions: [ENGINEER_APP.privilege], page: 'DocumentLoad' },
];
