import { PHONE_QUERY } from '../../shared/use-phone.ts';

/** 我的工单, the engineer app's start screen. */
export const ENGINEER_HOME = '/mobile/workorders';

/**
 * Where an engineer lands after signing in on a phone: 我的工单 (an engineer services the orders
 * dispatched to them and dispatches none); null for everyone else and on wider screens.
 */
export function engineerLanding(privileges: readonly string[]): string | null {
  const phone = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia(PHONE_QUERY).matches;
  return phone && privileges.includes('workorder.service') && !privileges.includes('workorder.dispatch') ? ENGINEER_HOME : null;
}
