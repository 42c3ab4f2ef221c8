import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { stationAmountPath } from './station-amount.ts';

/**
 * /stationAmount/list: the stations in reach with their quota fields (the station entity's quota
 * view; a station user sees its own). Stations are not created or removed here.
 */
export default function StationAmountListPage() {
  const t = useT();
  return (
    <EntityListPage
      entity="new_srv_station"
      routeBase="/stationAmount"
      views={['quota']}
      title={t('menu.stationAmount')}
      paths={{ edit: stationAmountPath, view: stationAmountPath }}
      allowCreate={false}
      allowImport={false}
      allowDelete={false}
    />
  );
}
