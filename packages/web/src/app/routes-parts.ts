import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';

/**
 * Parts documents of spec 001 §2 (Service and parts): applications, deliveries, receipts and
 * transfers. Generic screens are one line each (app/entity-screens.ts); the documents with lines
 * and commands are pages of their own that declare the entity screen they stand for.
 */
export const PARTS_ROUTES: RouteDef[] = [
  { name: 'partsTransferList', path: '/partsTransfer/list', keepAlive: true, ...screen.list('new_srv_parttransorder', { title: 'menu.partsTransfer', allowImport: false }) },
  { name: 'partsTransferCreate', path: '/partsTransfer/create', ...screen.create('new_srv_parttransorder') },
];
