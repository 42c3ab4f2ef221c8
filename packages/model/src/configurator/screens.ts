import type { BusinessUnitKind } from '../menu.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import type { PageScreen } from '../screens.ts';

/** Head office, branches and dealers: the sales network, whose users the configurator's menu items are for. */
const SALES_NETWORK: readonly BusinessUnitKind[] = [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.dealer];

/**
 * The product configurator's screens (spec 001 §2 "Quote configuration (all anon)"): open to
 * visitors without a sign-in; the catalogue and the user's own configurations are in the sales
 * menu for the sales network.
 */
export const CONFIGURATOR_SCREENS: PageScreen[] = [
  {
    name: 'productCatalog',
    path: '/product/catalog',
    anonymous: true,
    page: 'CpqCatalogPage',
    menu: {
      group: 'sales',
      order: 190,
      key: 'productCatalog',
      label: 'menu.productCatalog',
      privileges: ['sales.read'],
      units: SALES_NETWORK,
    },
  },
  {
    name: 'quotationConfigList',
    path: '/quotationconfig/list',
    anonymous: true,
    page: 'CpqListPage',
    menu: {
      group: 'sales',
      order: 191,
      key: 'quotationConfig',
      label: 'menu.quotationConfig',
      privileges: ['sales.read'],
      units: SALES_NETWORK,
    },
  },
  { name: 'quotationConfigCreate', path: '/quotationconfig/create/:quoteId?', anonymous: true, page: 'CpqConfigurePage' },
  { name: 'quotationConfigEdit', path: '/quotationconfig/edit/:quoteId?/:cpqQuoteId?', anonymous: true, page: 'CpqConfigureEditPage' },
  { name: 'cpqQuoteDetails', path: '/quote/details/:cpqQuoteId?', anonymous: true, page: 'CpqQuoteDetailsPage' },
  { name: 'configPage', path: '/config/page', anonymous: true, page: 'CpqReturnPage' },
];
