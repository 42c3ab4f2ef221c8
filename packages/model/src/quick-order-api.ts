/** Quick order (/quickorder): a checked line as the server answers it and the web shows it. */
export type QuickOrderStock = 'inStock' | 'short';

export interface QuickOrderLine {
  /** The row the user sees (grid row or Excel row). */
  Row: number;
  Code: string;
  Quantity: number | null;
  ProductId: string | null;
  ProductName: string | null;
  Model: string | null;
  Uom: string | null;
  /** Unit price and amount: null unless the caller may buy. */
  Price: string | null;
  Amount: string | null;
  Stock: QuickOrderStock | null;
  /** The row's refusal in the caller's language, null when it can be ordered. */
  Error: string | null;
}

export interface QuickOrderLineError {
  row: number;
  code: string;
  message: string;
}
