import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';


/**
 * Customer cases and excellent repair cases (spec 001 §2, Content and support: paths only; our
 * reading in docs/decisions.md). Lists are generic (kept); a case's screen has its commands and work
 * orders; an excellent case is an approval document. `/case/create` is not in the spec's table: the
 * list's 新建 opens it.
 */
export const CASE_ROUTES: RouteDef[] = [
  { name: 'caseList', path: '/case/caseviewlist', keepAlive: true, ...screen.list('new_srv_case', { title: 'menu.serviceCase', allowImport: false }) },
  { name: 'caseCreate', path: '/case/create', layout: 'shell', permissions: ['workorder.write'], screen: { entity: 'new_srv_case', kind: 'create' }, page: 'CasePage' },
  { name: 'caseDetail', path: '/case/CaseViewDetail/:id', layout: 'shell', permissions: ['workorder.read'], screen: { entity: 'new_srv_case', kind: 'edit' }, page: 'CasePage' },
  { name: 'excellentCaseList', path: '/excellentcase/caselist', keepAlive: true, ...screen.list('new_srv_excellentcase', { title: 'menu.excellentCase', allowImport: false, allowDelete: false }) },
  { name: 'excellentCaseCreate', path: '/excellentcase/create', layout: 'shell', permissions: ['workorder.write'], screen: { entity: 'new_srv_excellentcase', kind: 'create' }, page: 'ExcellentCasePage' },
  { name: 'excellentCaseView', path: '/excellentcase/caseview/:id', layout: 'shell', permissions: ['kb.read'], screen: { entity: 'new_srv_excellentcase', kind: 'edit' }, page: 'ExcellentCasePage' },
];
