import type { RouteDef } from './routes.ts';

/**
 * Parts documents of spec 001 §2 (Service and parts): applications, deliveries, receipts and
 * transfers. The entities' screens are declared on the entities (model `screens`); what stays here
 * are the pages of no entity screen (a delivery's create and line dialogs).
 */
export const PARTS_ROUTES: RouteDef[] = [
  {
    name: 'partsDispatchCreate',
    path: '/partsDispatch/create',
    layout: 'shell',
    permissions: ['delivery.create'],
    page: 'DeliveryCreatePage',
  },
  {
    name: 'partsDispatchDetailCreate',
    path: '/partsDispatch/detailcreate/:id',
    layout: 'shell',
    permissions: ['delivery.create'],
    page: 'DeliveryLineCreatePage',
  },
  {
    name: 'partsDispatchDetailEdit',
    path: '/partsDispatch/detailedit/:id',
    layout: 'shell',
    permissions: ['delivery.create'],
    page: 'DeliveryLineEditPage',
  },
  // Parts sales: the create and edit screens are one page (the spec's create path is /newOrder/edit without an id).
];
