/**
 * The public shop calls (`/api/shop/products…`: anonymous callers welcome) and favourites
 * (`/api/favourites…`), shared by the server and the web app.
 */

/** A product as the shop shows it. `Price` is there only for a signed-in caller holding shop.buy. */
export interface PublicProduct {
  Id: string;
  Name: string;
  ProductNumber: string;
  Model: string | null;
  Uom: string | null;
  LineId: string | null;
  LineName: string | null;
  /** In stock in an active central warehouse; no quantities are given out. */
  InStock: boolean;
  /** The first picture's id (`/api/shop/products/{Id}/pictures/{Picture}`), if any. */
  Picture: string | null;
  /** "168.00": buyers only. */
  Price?: string;
}

export interface PublicProductDetail extends PublicProduct {
  Description: string | null;
  /** The specification, one entry per "name：value" line of the product's specification. */
  Specification: { name: string; value: string }[];
  Pictures: { Id: string; FileName: string }[];
}

/** One page of a product search, keyset-paged: `next` is the cursor of the following page (null at the end). */
export interface ProductPage {
  rows: PublicProduct[];
  next: string | null;
}

/** Page size of a product search: default and most. */
export const SHOP_PAGE_SIZE = 24;
export const SHOP_PAGE_MAX = 48;

/** One favourite of the caller, its record's name resolved. */
export interface FavouriteItem {
  Entity: string;
  Id: string;
  Name: string;
  CreatedOn: string;
}

/** Favourites one user may keep. */
export const FAVOURITE_MAX = 500;
