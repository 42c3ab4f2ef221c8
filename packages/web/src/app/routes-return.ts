import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';


/**
 * Parts return applications (配件退货申请, spec 001 §2 Service and parts): the list is a generic
 * screen (kept); create and edit are one page (the spec's create path is /siteReturn/edit without an id).
 */
export const SITE_RETURN_ROUTES: RouteDef[] = [
  { name: 'siteReturnList', path: '/siteReturn/list', keepAlive: true, ...screen.list('new_srv_sitereturn', { title: 'menu.siteReturn', allowImport: false }) },
  { name: 'siteReturnCreate', path: '/siteReturn/edit', layout: 'shell', permissions: ['parts.write'], screen: { entity: 'new_srv_sitereturn', kind: 'create' }, page: 'SiteReturnPage' },
  { name: 'siteReturnEdit', path: '/siteReturn/edit/:id', layout: 'shell', permissions: ['parts.read'], screen: { entity: 'new_srv_sitereturn', kind: 'edit' }, page: 'SiteReturnPage' },
];
