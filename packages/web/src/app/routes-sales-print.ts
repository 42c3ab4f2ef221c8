import type { RouteDef } from './routes.ts';

/**
 * The printable sales documents (issue 27), each on its own page without the app chrome (`bare`,
 * like the old-parts return list): a shipment's delivery note, opened by the shipment page's
 * 打印送货单, and a sales order, opened by the order page's 打印订单 (the documents' `print`).
 */
export const SALES_PRINT_ROUTES: RouteDef[] = [
  { name: 'shipmentPrint', path: '/shipment/print/:id', layout: 'bare', permissions: ['sales.read'], page: 'ShipmentPrintPage' },
  { name: 'orderPrint', path: '/order/print/:id', layout: 'bare', permissions: ['sales.read'], page: 'OrderPrintPage' },
  // Issue 29: a quote, opened by the quote page's 打印报价单.
  { name: 'quotePrint', path: '/quote/print/:id', layout: 'bare', permissions: ['sales.read'], page: 'QuotePrintPage' },
];
