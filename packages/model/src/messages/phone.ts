import { label } from '../define.ts';

/** Texts of the portal on a phone (issue 15): the navigation drawer and its header button. */
export const phoneMessages = {
  'phone.openNav': label('打开导航菜单', 'Open navigation menu'),
  'phone.closeNav': label('关闭导航菜单', 'Close navigation menu'),
  'phone.navTitle': label('导航', 'Navigation'),
} as const;
