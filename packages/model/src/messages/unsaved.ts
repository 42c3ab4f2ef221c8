import { label } from '../define.ts';

/** Texts of the unsaved-changes guard (forms ask before their changes are dropped). */
export const unsavedMessages = {
  'unsaved.title': label('有未保存的修改', 'Unsaved changes'),
  'unsaved.content': label(
    '当前页面有未保存的修改，离开后修改将丢失。确定离开吗？',
    'This page has changes that are not saved. Leave and lose them?',
  ),
  'unsaved.leave': label('离开', 'Leave'),
  'unsaved.stay': label('留在此页', 'Stay'),
} as const;
