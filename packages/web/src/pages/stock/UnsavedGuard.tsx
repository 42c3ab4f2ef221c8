import { Modal, type ButtonProps } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { getSession } from '../../session/store.ts';

/**
 * Asks before leaving a screen with changes not saved (a count sheet's typed counts, a station's
 * limits): in-app navigation waits for the answer, closing or reloading the tab gets the
 * browser's own question. A lost session is never held up (its sign-in redirect must go through).
 */
export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  const t = useT();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && getSession().auth.isLoggedIn && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('stock.ui.leaveTitle')}
      okText={t('stock.ui.leave')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'unsaved-leave' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'unsaved-stay' } as ButtonProps}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      destroyOnHidden
    >
      <div data-testid="unsaved-dialog">{t('stock.ui.leaveAsk')}</div>
    </Modal>
  );
}
