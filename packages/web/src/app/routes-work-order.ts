import type { RouteDef } from './routes.ts';

/** Work-order screens of spec 001 §2: list (kept), create, edit, search and the service calendar. */
export const WORK_ORDER_ROUTES: RouteDef[] = [
  { name: 'workOrderList', path: '/workOrder/list', layout: 'shell', keepAlive: true, permissions: ['workorder.read'], load: () => import('../pages/workorder/WorkOrderListPage.tsx') },
  { name: 'workOrderCreate', path: '/workOrder/create', layout: 'shell', permissions: ['workorder.write'], load: () => import('../pages/workorder/WorkOrderFormPage.tsx') },
  { name: 'workOrderEdit', path: '/workOrder/edit/:id', layout: 'shell', permissions: ['workorder.read'], screen: { entity: 'new_srv_workorder', kind: 'edit' }, load: () => import('../pages/workorder/WorkOrderFormPage.tsx') },
  { name: 'workOrderSearch', path: '/workOrder/search', layout: 'shell', permissions: ['workorder.read'], load: () => import('../pages/workorder/WorkOrderSearchPage.tsx') },
  { name: 'appointmentView', path: '/appointment/view', layout: 'shell', permissions: ['workorder.read'], load: () => import('../pages/workorder/ServiceCalendarPage.tsx') },
];
