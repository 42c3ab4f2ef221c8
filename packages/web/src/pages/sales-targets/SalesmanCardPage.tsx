import type { SalesmanCard } from '@portal/model';
import { Alert, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../locales/i18n.ts';
import { PageTitle } from '../PageTitle.tsx';
import { SalesmanCardView } from './SalesmanCard.tsx';
import { myCard } from './sales-target-api.ts';

/**
 * /salesman/view (我的业绩): the signed-in salesman's own card — the dealers they serve with this
 * month's orders, their targets with actual and completion as the server computes them now. An
 * account that is no salesman's is told so (`salesman-none`).
 */
export default function SalesmanCardPage() {
  const t = useT();
  const [state, setState] = useState<{ card: SalesmanCard | null; message: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    myCard().then(
      (x) => live && setState(x),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div data-testid="salesman-view" data-loading={state || failed ? 'false' : 'true'}>
      <PageTitle>{t('salesman.ui.card')}</PageTitle>
      {failed && <Alert type="error" showIcon title={t('error.server')} />}
      {!state && !failed && <Skeleton active />}
      {state && !state.card && <Result status="info" title={state.message} data-testid="salesman-none" />}
      {state?.card && (
        <>
          <Alert type="info" showIcon title={t('salesTarget.ui.asOf')} style={{ marginBottom: 12 }} />
          <SalesmanCardView card={state.card} />
        </>
      )}
    </div>
  );
}
