import { ENGINEER_APP } from '@portal/model';
import { PHONE_QUERY } from '../../shared/use-phone.ts';

/**
 * Where an engineer lands after signing in on a phone: 我的工单 (an engineer services the orders
 * dispatched to them and dispatches none); null for everyone else and on wider screens.
 */
export function engineerLanding(privileges: readonly string[]): string | null {
  const phone = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia(PHONE_QUERY).matches;
  return phone && privileges.includes(ENGINEER_APP.privilege) && !privileges.includes('workorder.dispatch') ? ENGINEER_APP.home : null;
}
