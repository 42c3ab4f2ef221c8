import type { AddressFields } from '../../entity-ui/AddressFieldInput.tsx';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';

/** The station's address is chosen with the address picker (province › city › county, then the street). */
export const stationAddressFields: AddressFields = {
  province: 'new_province',
  city: 'new_city',
  county: 'new_county',
  address: 'new_address',
};

export const stationPaths = {
  create: '/basicData/stationrecord/create',
  edit: (id: string) => `/basicData/stationrecord/view/${encodeURIComponent(id)}`,
};

/** /basicData/stationrecord: the service stations the user may see (scope decides which). */
export default function StationRecordListPage() {
  const t = useT();
  return (
    <EntityListPage
      entity="new_srv_station"
      routeBase="/basicData/stationrecord"
      paths={stationPaths}
      title={t('widgets.station.records')}
    />
  );
}
