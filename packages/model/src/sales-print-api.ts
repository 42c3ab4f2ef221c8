import type { MessageKey } from './messages/index.ts';

/**
 * The printable sales documents (issue 27): a shipment's delivery note (送货单) and a sales order
 * (销售订单). Each has its print data (JSON, the web print page's source: a dealer or store may not
 * read the head office's warehouses or units through the record API, the note names them) and the
 * same form as an A4 PDF. Both are reads: anyone who may read the document (sales.read, the
 * caller's scope: the shipper or the receiving unit, the buyer or the supplier), 404 otherwise.
 */
export const SALES_PRINT_API = '/api/sales';

const doc = (kind: 'shipments' | 'orders', id: string, what: 'print' | 'pdf') =>
  `${SALES_PRINT_API}/${kind}/${encodeURIComponent(id)}/${what}`;
/** GET — the delivery note's data (`DeliveryNote`). */
export const shipmentPrintPath = (id: string) => doc('shipments', id, 'print');
/** GET — the delivery note as a PDF (A4), named 送货单-<number>.pdf. */
export const shipmentPdfPath = (id: string) => doc('shipments', id, 'pdf');
/** GET — the order's data (`OrderSheet`). */
export const orderPrintPath = (id: string) => doc('orders', id, 'print');
/** GET — the order as a PDF (A4), named 销售订单-<number>.pdf. */
export const orderPdfPath = (id: string) => doc('orders', id, 'pdf');

/** One side of a delivery note: the unit, its warehouse and where and whom to reach. */
export interface PrintParty {
  unit: string;
  warehouse: string;
  /** Province, city, county and street, as one line. */
  address: string;
  contact: string;
  phone: string;
}

export type DeliveryNoteLine = {
  productNumber: string;
  name: string;
  model: string;
  uom: string;
  planned: number;
  shipped: number;
  signed: number;
};

/** A shipment's delivery note (texts in the caller's language; dates YYYY-MM-DD, China time). */
export interface DeliveryNote {
  id: string;
  name: string;
  orderName: string;
  state: string;
  shipDate: string;
  logisticsCorp: string;
  trackingNo: string;
  memo: string;
  from: PrintParty;
  to: PrintParty;
  totals: { planned: number; shipped: number; signed: number };
  lines: DeliveryNoteLine[];
}

export type OrderSheetLine = {
  productNumber: string;
  name: string;
  model: string;
  uom: string;
  qty: number;
  /** Decimal strings (2 places), exact; printed in yuan. */
  price: string;
  amount: string;
  shipped: number;
  signed: number;
};

/** A sales order as printed (times YYYY-MM-DD HH:mm, China time; empty when not yet). */
export interface OrderSheet {
  id: string;
  name: string;
  state: string;
  buyer: string;
  supplier: string;
  contact: string;
  phone: string;
  address: string;
  remark: string;
  submittedOn: string;
  pricedOn: string;
  totals: { qty: number; shipped: number; signed: number; amount: string };
  lines: OrderSheetLine[];
}

type Col<K> = { key: K; label: MessageKey; numeric?: boolean };

/** The delivery note's line columns, in order (the web page and the PDF print the same). */
export const DELIVERY_NOTE_COLUMNS: readonly Col<keyof DeliveryNoteLine>[] = [
  { key: 'productNumber', label: 'sales.print.productNumber' },
  { key: 'name', label: 'sales.print.productName' },
  { key: 'model', label: 'sales.print.model' },
  { key: 'uom', label: 'sales.print.uom' },
  { key: 'planned', label: 'sales.print.planned', numeric: true },
  { key: 'shipped', label: 'sales.print.shipped', numeric: true },
  { key: 'signed', label: 'sales.print.signed', numeric: true },
];

/** The order's line columns, in order; price and amount print in yuan. */
export const ORDER_SHEET_COLUMNS: readonly Col<keyof OrderSheetLine>[] = [
  { key: 'productNumber', label: 'sales.print.productNumber' },
  { key: 'name', label: 'sales.print.productName' },
  { key: 'model', label: 'sales.print.model' },
  { key: 'uom', label: 'sales.print.uom' },
  { key: 'qty', label: 'sales.print.qty', numeric: true },
  { key: 'price', label: 'sales.print.price', numeric: true },
  { key: 'amount', label: 'sales.print.amount', numeric: true },
  { key: 'shipped', label: 'sales.print.orderShipped', numeric: true },
  { key: 'signed', label: 'sales.print.orderSigned', numeric: true },
];

/** Both sides' signature and seal areas: the shipper and the receiver; the buyer and the supplier. */
export const DELIVERY_NOTE_SIGNS = [
  { key: 'from', sign: 'sales.print.shipperSign', seal: 'sales.print.shipperSeal' },
  { key: 'to', sign: 'sales.print.receiverSign', seal: 'sales.print.receiverSeal' },
] as const satisfies readonly { key: string; sign: MessageKey; seal: MessageKey }[];
export const ORDER_SHEET_SIGNS = [
  { key: 'buyer', sign: 'sales.print.buyerSign', seal: 'sales.print.buyerSeal' },
  { key: 'supplier', sign: 'sales.print.supplierSign', seal: 'sales.print.supplierSeal' },
] as const satisfies readonly { key: string; sign: MessageKey; seal: MessageKey }[];
