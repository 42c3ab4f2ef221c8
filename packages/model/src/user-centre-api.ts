import { businessUnitType } from './option-sets/organisation.ts';
import type { BusinessUnitKind } from './menu.ts';

/**
 * The dealer's staff calls (issue 27, /usercenter/usercreate, userview/:id): a dealer creates,
 * changes, disables and re-enables the accounts of its own chain (the dealer's unit and its stores),
 * with roles from STAFF_ROLES only; the first password is generated and answered once.
 */
export const USER_CENTRE_API = '/api/usercenter';

/** The roles a dealer may give its staff (role codes): store user, dealer finance, dealer principal. */
export const STAFF_ROLES = ['R07-STORE', 'R17-DEALERFIN', 'R16-DEALER'] as const;

/** The kinds of unit a staff account may sit in: the dealer itself or one of its stores. */
export const STAFF_UNITS: readonly BusinessUnitKind[] = [businessUnitType.dealer, businessUnitType.store];

/** Units of the user centre's menu: head office (sees every chain) and the dealer. */
export const USER_CENTRE_UNITS: readonly BusinessUnitKind[] = [businessUnitType.headOffice, businessUnitType.dealer];

export interface StaffInput {
  fullname?: string;
  mobilephone?: string;
  title?: string;
  unitId?: string;
  roles?: string[];
  /** portalKind value: 1 standard, 2 store. */
  portal?: number;
}

export interface StaffOptions {
  units: { id: string; name: string; code: string | null; type: number }[];
  roles: { code: string; name: string; description: string | null; portals: ('standard' | 'store')[] }[];
}

export interface StaffDetail {
  id: string;
  fullname: string;
  userName: string;
  mobilephone: string | null;
  title: string | null;
  unitId: string;
  unitName: string;
  roles: string[];
  portal: number | null;
  disabled: boolean;
  /** The caller's own account (it cannot disable itself). */
  self: boolean;
}

/** What create and reset-password answer: the password, shown once and never stored in clear. */
export interface StaffPassword {
  id: string;
  userName: string;
  password: string;
  message: string;
}
