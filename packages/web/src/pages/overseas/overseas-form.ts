import { currencyCode, getEntity, isClientField } from '@portal/model';

/*
 * The work-order screen's two forms: domestic (China's address cascader) and overseas (country and
 * currency instead of province / city / county). Constant arrays: the form's sections are memoised
 * on them.
 */

const OVERSEAS_ONLY = ['new_country', 'new_currency'];
const CHINESE_ADDRESS = ['new_province', 'new_city', 'new_county'];
/** Read-only fields are set by the commands: a new order shows only what a user enters. */
const CREATE_HIDDEN = (() => {
  const e = getEntity('new_srv_workorder')!;
  return Object.keys(e.fields).filter((n) => !isClientField(e, n));
})();

const HIDDEN = {
  domestic: { create: [...CREATE_HIDDEN, 'new_isoverseas', ...OVERSEAS_ONLY], edit: OVERSEAS_ONLY },
  overseas: { create: [...CREATE_HIDDEN, ...CHINESE_ADDRESS], edit: CHINESE_ADDRESS },
};

/** Fields the form leaves out. The marker stays visible (locked) where the form shows it: 海外工单 是/否. */
export const hiddenFieldsOf = (overseas: boolean, creating: boolean): string[] =>
  HIDDEN[overseas ? 'overseas' : 'domestic'][creating ? 'create' : 'edit'];

/** The marker is set by the screen the order is made on, never switched in the form. */
export const LOCKED_MARKER = ['new_isoverseas'];

/** Required in the overseas form (the server refuses an overseas order without them too). */
export const OVERSEAS_REQUIRED = ['new_country', 'new_currency'];

/** A new overseas order starts as one (the locked marker is sent with it). */
export const OVERSEAS_DEFAULTS = { new_isoverseas: true };

/** The order's screen: overseas orders open at /overseas/edit, the others at /workOrder/edit. */
export const orderEditPath = (id: string, overseas: boolean) =>
  `${overseas ? '/overseas/edit' : '/workOrder/edit'}/${encodeURIComponent(id)}`;

/** What the amounts of an order carry: ¥ for a domestic order, the ISO code (`USD `) for an overseas one. */
export const moneySymbolOf = (overseas: boolean, currency: unknown) => (overseas ? `${currencyCode(currency)} ` : '¥');

/** The domestic work-order list: orders not marked overseas (orders from before the marker have none). */
export const DOMESTIC_FILTER = '(new_isoverseas eq false or new_isoverseas eq null)';
/** The work-order views of the domestic list: every one but the overseas view. */
export const DOMESTIC_VIEWS = Object.keys(getEntity('new_srv_workorder')!.views).filter((v) => v !== 'overseas');
