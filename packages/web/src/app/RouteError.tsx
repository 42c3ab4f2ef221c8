import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useT } from '../locales/i18n.ts';

/**
 * Shown when a screen fails to render or its code chunk cannot be loaded (typically after a new
 * release replaced the hashed files): a reload fetches the current ones.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  if (error) console.warn('screen failed', error);
  return (
    <div data-testid="page-route-error" style={{ paddingTop: 80 }}>
      <Result
        status="warning"
        title={t('route.loadFailed')}
        extra={
          <Button type="primary" onClick={() => location.reload()}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
