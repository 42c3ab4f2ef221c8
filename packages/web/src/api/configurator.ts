import {
  CPQ_API,
  CPQ_TOKEN_HEADER,
  type CpqCatalogueItem,
  type CpqConfiguration,
  type CpqListRow,
  type CpqProductDefinition,
  type CpqSaved,
  type CpqSaveInput,
} from '@portal/model';
import { apiGet, apiPost, call, type CallOptions } from './client.ts';

/**
 * The product configurator's calls (issue 29). A configuration saved without a sign-in is read and
 * changed with its signed link's token: the return page (/config/page) keeps it for this tab, per
 * configuration, so the details and the edit page send it (never in a URL after the return page).
 */
const TOKENS = 'cpq-token:';

export const rememberToken = (id: string, token: string) => sessionStorage.setItem(`${TOKENS}${id}`, token);
const tokenHeader = (id: string): Record<string, string> => {
  const t = sessionStorage.getItem(`${TOKENS}${id}`);
  return t ? { [CPQ_TOKEN_HEADER]: t } : {};
};

export const getCatalogue = () => apiGet<CpqCatalogueItem[]>(`${CPQ_API}/products`).then((d) => (Array.isArray(d) ? d : []));
export const getDefinition = (id: string, opts?: CallOptions) =>
  apiGet<CpqProductDefinition>(`${CPQ_API}/products/${encodeURIComponent(id)}`, opts);

export async function saveConfiguration(input: CpqSaveInput, id?: string): Promise<CpqSaved> {
  const saved = id
    ? (
        await call<CpqSaved>(`${CPQ_API}/configurations/${encodeURIComponent(id)}`, {
          method: 'PUT',
          json: input,
          headers: tokenHeader(id),
        })
      ).Data
    : await apiPost<CpqSaved>(`${CPQ_API}/configurations`, input);
  rememberToken(saved.Id, saved.Token);
  return saved;
}

export const getConfiguration = (id: string, opts?: CallOptions) =>
  apiGet<CpqConfiguration>(`${CPQ_API}/configurations/${encodeURIComponent(id)}`, { ...opts, headers: tokenHeader(id) });

/** The configuration a link's token opens (refused: forged or expired, with the server's message). */
export const openLink = (token: string) => apiPost<{ Id: string }>(`${CPQ_API}/link`, { token }, { silent: true });

/** Puts a configuration on a draft quote as a configured line (the server's message says which). */
export const attachToQuote = (id: string, quoteId: string) =>
  call<{ QuoteId: string; QuoteNumber: string }>(`${CPQ_API}/configurations/${encodeURIComponent(id)}/attach`, {
    method: 'POST',
    json: { QuoteId: quoteId },
    headers: tokenHeader(id),
  });

export const getMine = () => apiGet<CpqListRow[]>(`${CPQ_API}/mine`).then((d) => (Array.isArray(d) ? d : []));

export const detailsPath = (id: string) => `/quote/details/${encodeURIComponent(id)}`;
/** The edit page of a configuration (one segment: the configuration; two: the quote, then the configuration). */
export const editPath = (id: string, quoteId?: string | null) =>
  quoteId
    ? `/quotationconfig/edit/${encodeURIComponent(quoteId)}/${encodeURIComponent(id)}`
    : `/quotationconfig/edit/${encodeURIComponent(id)}`;
export const createPath = (productId: string, quoteId?: string | null) =>
  `/quotationconfig/create${quoteId ? `/${encodeURIComponent(quoteId)}` : ''}?product=${encodeURIComponent(productId)}`;

/** "1,234,500.00" of a money text "1234500.00". */
export const yuan = (amount: string | number): string =>
  Number(amount).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
