import { label } from '../define.ts';

/** Texts of the page-tab bar (页签) and the breadcrumb of the portal shell. */
export const pageTabsMessages = {
  'tabs.bar': label('已打开的页面', 'Open pages'),
  'tabs.close': label('关闭', 'Close'),
  'tabs.closeOthers': label('关闭其他', 'Close others'),
  'tabs.closeAll': label('关闭全部', 'Close all'),
  'tabs.closeRight': label('关闭右侧', 'Close to the right'),
  'tabs.actions': label('页签操作', 'Tab actions'),
  'tabs.unsaved': label('有未保存的修改', 'Unsaved changes'),
  'tabs.breadcrumb': label('当前位置', 'You are here'),
} as const;
