import { label } from '../define.ts';

/** Texts of the installable portal: the announcement of a new version (packages/web/src/sw/). */
export const pwaMessages = {
  'pwa.updateTitle': label('有新版本可用', 'A new version is available'),
  'pwa.updateBody': label(
    '门户已更新。保存手头的工作后点“刷新”使用新版本；不刷新可继续使用当前版本。',
    'The portal has been updated. Save your work, then tap Refresh to use the new version; until then this version keeps working.',
  ),
  'pwa.reload': label('刷新', 'Refresh'),
} as const;
