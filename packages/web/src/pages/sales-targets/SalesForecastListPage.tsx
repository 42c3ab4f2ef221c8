import { businessUnitType } from '@portal/model';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';

/**
 * /salesforecast/list: the forecasts in reach with their approval states as tabs. A dealer's own are
 * its to add, change and delete (drafts); head office and branches read them and approve them in
 * 我的审批, so they get no 新建 (the server refuses a forecast of any unit but a dealer).
 */
export default function SalesForecastListPage() {
  const t = useT();
  const dealer = useSession((s) => s.user.unitType) === businessUnitType.dealer;
  return (
    <EntityListPage
      entity="new_salesforecast"
      routeBase=""
      title={t('menu.salesForecasts')}
      paths={{
        create: '/salesforecast/create',
        edit: (id) => `/salesforecast/view/${encodeURIComponent(id)}`,
        view: (id) => `/salesforecast/view/${encodeURIComponent(id)}`,
      }}
      canWrite={dealer}
      allowCreate={dealer}
      allowImport={false}
      viewTabs
    />
  );
}
