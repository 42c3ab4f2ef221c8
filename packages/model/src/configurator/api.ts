import type { CpqBomLine, CpqDefinition } from './engine.ts';

/**
 * The configurator's calls (`/api/cpq/…`, issue 29), shared by the server and the web app. The
 * catalogue, the definitions, saving and the signed link are anonymous; the list of one's own
 * configurations and attaching one to a CRM quote need a sign-in. Visitors see list prices
 * (起价 and each option's 加价); internal costs never leave the server.
 */
export const CPQ_API = '/api/cpq';

/** Header carrying the signed link's token to the configuration's read and update calls. */
export const CPQ_TOKEN_HEADER = 'x-cpq-token';

/** A configurable product on /product/catalog. */
export interface CpqCatalogueItem {
  Id: string;
  Code: string;
  Name: string;
  Description: string | null;
  /** 起价: the base unit's list price, "1280000.00". */
  BasePrice: string;
  /** A data URL, if the product has a picture. */
  Image: string | null;
  Groups: number;
  Options: number;
}

/** A product to configure: the engine's definition (rule messages in the caller's language). */
export interface CpqProductDefinition extends CpqDefinition {
  image: string | null;
  validDays: number;
}

/** Saving a configuration (new) or updating one (PUT, with its id). */
export interface CpqSaveInput {
  ProductId: string;
  Choices: string[];
  ContactName?: string;
  ContactPhone?: string;
  Remark?: string;
  /** Attach to this CRM quote as a configured line (signed-in salesmen; /quotationconfig/create/{quoteId}). */
  QuoteId?: string;
}

/** What a save answers: the configuration and its short-lived signed link (/config/page?token=…). */
export interface CpqSaved {
  Id: string;
  Number: string;
  Token: string;
  /** When the link stops working (ISO time). */
  LinkExpiresAt: string;
  Link: string;
  /** The CRM quote it was attached to, when one was named. */
  QuoteId: string | null;
}

/** A saved configuration as its details page shows it. */
export interface CpqConfiguration {
  Id: string;
  Number: string;
  ProductId: string;
  ProductCode: string;
  ProductName: string;
  Choices: string[];
  /** One entry per chosen option, in the definition's order. */
  Summary: { Group: string; Option: string; Code: string; PriceDelta: string }[];
  BasePrice: string;
  Price: string;
  Bom: CpqBomLine[];
  ContactName: string | null;
  ContactPhone: string | null;
  Remark: string | null;
  CreatedOn: string;
  ExpiresOn: string;
  Expired: boolean;
  /** The CRM quote it is a configured line of, if any (its number for the link). */
  QuoteId: string | null;
  QuoteNumber: string | null;
  /** The caller may change it (its owner, or the holder of its link while nobody owns it) and it is on no quote. */
  Editable: boolean;
}

/** One row of /quotationconfig/list. */
export interface CpqListRow {
  Id: string;
  Number: string;
  ProductName: string;
  Price: string;
  CreatedOn: string;
  ExpiresOn: string;
  Expired: boolean;
  QuoteId: string | null;
  QuoteNumber: string | null;
}
