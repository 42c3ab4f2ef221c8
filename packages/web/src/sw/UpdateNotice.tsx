import { App, Button } from 'antd';
import { useEffect } from 'react';
import { useT } from '../locales/i18n.ts';
import { usePhone } from '../shared/use-phone.ts';
import { useUpdateAvailable } from './update.ts';

const KEY = 'portal-sw-update';

/**
 * 有新版本可用 … 刷新: shown while a new version of the app waits (update.ts). It stays until the
 * user taps 刷新 (hand over and reload) or closes it (this version keeps running; the next start
 * announces it again). Nothing reloads by itself in the middle of someone's work.
 */
export function UpdateNotice() {
  const accept = useUpdateAvailable();
  const { notification } = App.useApp();
  const t = useT();
  const phone = usePhone();
  useEffect(() => {
    if (!accept) return;
    notification.info({
      key: KEY,
      title: t('pwa.updateTitle'),
      description: t('pwa.updateBody'),
      duration: false,
      placement: phone ? 'bottom' : 'bottomRight',
      props: { 'data-testid': 'sw-update-notice' },
      actions: (
        <Button type="primary" size="small" onClick={() => accept()}>
          {t('pwa.reload')}
        </Button>
      ),
    });
  }, [accept, notification, t, phone]);
  return null;
}
