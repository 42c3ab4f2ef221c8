import { defineNamedOptionSet, label } from '../define-fields.ts';

/** The user centre's cooperating customers (合作客户, issue 27): who the dealer works with. */
export const coopCustomerKind = defineNamedOptionSet('new_coopcustomer_kind', label('合作类型', 'Kind of partner'), {
  installer: { value: 1, label: label('安装商', 'Installer'), color: 'blue' },
  contractor: { value: 2, label: label('工程商', 'Engineering contractor'), color: 'green' },
  subDealer: { value: 3, label: label('二级经销商', 'Sub-dealer'), color: 'purple' },
});

/**
 * The portal an account signs in on (issue 27): set when a dealer creates a staff user. Sign-in on a
 * portal needs that portal's login privilege (portal.login / portal.store.login) and, where the
 * account has a portal kind, that kind; an account without one signs in wherever its roles allow.
 */
export const portalKind = defineNamedOptionSet('systemuser_portalkind', label('登录门户', 'Sign-in portal'), {
  standard: { value: 1, label: label('标准门户', 'Standard portal'), color: 'blue' },
  store: { value: 2, label: label('门店门户', 'Store portal'), color: 'cyan' },
});
