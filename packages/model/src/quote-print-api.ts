import type { MessageKey } from './messages/index.ts';

/**
 * The printable quote (报价单, issue 29): its print data (JSON, the web print page's source) and the
 * same form as an A4 PDF with the company header. Reads: whoever may read the quote (sales.read, the
 * quote's unit or its price list's), 404 otherwise. A draft prints marked as one.
 */
const doc = (id: string, what: 'print' | 'pdf') => `/api/quotes/${encodeURIComponent(id)}/${what}`;
/** GET — the quote's data (`QuoteSheet`). */
export const quotePrintPath = (id: string) => doc(id, 'print');
/** GET — the quote as a PDF (A4), named 报价单-<number>-V<revision>.pdf. */
export const quotePdfPath = (id: string) => doc(id, 'pdf');

export type QuoteSheetLine = {
  no: number;
  productNumber: string;
  name: string;
  model: string;
  uom: string;
  /** A configured line's configuration in words (empty for a catalogue line). */
  config: string;
  qty: number;
  /** Decimal strings (2 places), exact; printed in yuan. */
  price: string;
  discount: string;
  net: string;
  amount: string;
};

/** A quote as printed (texts in the caller's language; dates YYYY-MM-DD, China time; empty when not set). */
export interface QuoteSheet {
  id: string;
  name: string;
  revision: number;
  subject: string;
  state: string;
  /** A draft is printed marked as one (not yet offered to the customer). */
  draft: boolean;
  customer: string;
  customerPhone: string;
  customerAddress: string;
  /** The dealer or store whose price list prices it (who sells to the customer). */
  seller: string;
  validFrom: string;
  validTo: string;
  activatedOn: string;
  description: string;
  totals: { qty: number; list: string; discount: string; amount: string };
  lines: QuoteSheetLine[];
}

type Col<K> = { key: K; label: MessageKey; numeric?: boolean };

/** The quote's line columns, in order; prices, discount and amount print in yuan. */
export const QUOTE_SHEET_COLUMNS: readonly Col<keyof QuoteSheetLine>[] = [
  { key: 'no', label: 'quote.printNo', numeric: true },
  { key: 'productNumber', label: 'sales.print.productNumber' },
  { key: 'name', label: 'sales.print.productName' },
  { key: 'model', label: 'sales.print.model' },
  { key: 'uom', label: 'sales.print.uom' },
  { key: 'qty', label: 'sales.print.qty', numeric: true },
  { key: 'price', label: 'quote.printListPrice', numeric: true },
  { key: 'discount', label: 'quote.printDiscount', numeric: true },
  { key: 'net', label: 'quote.printNetPrice', numeric: true },
  { key: 'amount', label: 'sales.print.amount', numeric: true },
];

/** Both sides' signature and seal areas: the seller and the customer accepting the quote. */
export const QUOTE_SHEET_SIGNS = [
  { key: 'seller', sign: 'quote.printSellerSign', seal: 'quote.printSellerSeal' },
  { key: 'customer', sign: 'quote.printCustomerSign', seal: 'quote.printCustomerSeal' },
] as const satisfies readonly { key: string; sign: MessageKey; seal: MessageKey }[];
