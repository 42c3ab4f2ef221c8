import type { RouteDef } from './routes.ts';

/** Work-order screens of spec 001 §2: list (kept), create, edit, search and the service calendar. */
export const WORK_ORDER_ROUTES: RouteDef[] = [
  { name: 'workOrderList', path: '/workOrder/list', layout: 'shell', keepAlive: true, permissions: ['workorder.read'], page: 'WorkOrderListPage' },
  { name: 'workOrderCreate', path: '/workOrder/create', layout: 'shell', permissions: ['workorder.write'], page: 'WorkOrderFormPage' },
  { name: 'workOrderEdit', path: '/workOrder/edit/:id', layout: 'shell', permissions: ['workorder.read'], screen: { entity: 'new_srv_workorder', kind: 'edit' }, page: 'WorkOrderFormPage' },
  { name: 'workOrderSearch', path: '/workOrder/search', layout: 'shell', permissions: ['workorder.read'], page: 'WorkOrderSearchPage' },
  { name: 'appointmentView', path: '/appointment/view', layout: 'shell', permissions: ['workorder.read'], page: 'ServiceCalendarPage' },
];
