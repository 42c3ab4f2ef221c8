/*
 * Sales contracts (issue 29): the one call the contract's create screen makes beyond the record
 * service — the values a new contract starts with when made from a lead, an opportunity or a quote.
 */

/** GET ?leadid= | ?opportunityid= | ?quoteid= → `ContractPrefill` (404 outside the caller's reach). */
export const SALES_CONTRACT_PREFILL = '/api/salescontracts/prefill';

export interface ContractPrefill {
  /** Field values of the new contract (lookups as ids; the create form shows them). */
  values: Record<string, string | number | null>;
  /** The display names of the lookups among `values` (customer, lead, opportunity, quote). */
  names: Record<string, string>;
  /** What it was made from, as its name (shown above the form). */
  source: string;
}
