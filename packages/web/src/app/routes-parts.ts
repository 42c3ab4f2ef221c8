import type { RouteDef } from './routes.ts';

/**
 * Parts documents of spec 001 §2 (Service and parts): applications, deliveries, receipts and
 * transfers. Generic screens are one line each (app/entity-screens.ts); the documents with lines
 * and commands are pages of their own that declare the entity screen they stand for. A delivery
 * opens for the warehouse (delivery.read) and for the receiver (parts.receive): both stand for its
 * edit screen and screenPath picks the one the user may open.
 */
export const PARTS_ROUTES: RouteDef[] = [
  { name: 'partsDispatchCreate', path: '/partsDispatch/create', layout: 'shell', permissions: ['delivery.create'], page: 'DeliveryCreatePage' },
  { name: 'partsDispatchDetailCreate', path: '/partsDispatch/detailcreate/:id', layout: 'shell', permissions: ['delivery.create'], page: 'DeliveryLineCreatePage' },
  { name: 'partsDispatchDetailEdit', path: '/partsDispatch/detailedit/:id', layout: 'shell', permissions: ['delivery.create'], page: 'DeliveryLineEditPage' },
  // Parts sales: the create and edit screens are one page (the spec's create path is /newOrder/edit without an id).
];
