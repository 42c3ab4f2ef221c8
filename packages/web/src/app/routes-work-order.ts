import type { RouteDef } from './routes.ts';

/** Work-order screens of spec 001 §2: list (kept), create, edit, search and the service calendar. */
export const WORK_ORDER_ROUTES: RouteDef[] = [
  { name: 'workOrderCreate', path: '/workOrder/create', layout: 'shell', permissions: ['workorder.write'], page: 'WorkOrderFormPage' },
  { name: 'workOrderSearch', path: '/workOrder/search', layout: 'shell', permissions: ['workorder.read'], page: 'WorkOrderSearchPage' },
];
