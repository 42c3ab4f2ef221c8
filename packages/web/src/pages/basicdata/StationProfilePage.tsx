import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { reloadProfile } from '../../session/use-profile.ts';
import { stationAddressFields, stationPaths } from './StationRecordListPage.tsx';
import { stationApplyHistoryTab } from '../station-apply/StationApplyHistory.tsx';
import { STATION_USER } from '../../session/user-type.ts';

/** userType of station staff (systemuser_usertype 3). */
export { STATION_USER } from '../../session/user-type.ts';

/**
 * /basicData/edit, the menu's "station profile": a station user gets their own station's form
 * (departId of /api/portaluser/me is the station); head office and branches get the list of the
 * stations in their scope, each opening the same form.
 */
export default function StationProfilePage() {
  const t = useT();
  const user = useSession((s) => s.user);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // /me is read afresh: the station of an account can change between sign-ins.
    reloadProfile()
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, []);
  if (!ready && !user.departId) return <Skeleton active />;
  if (user.userType === STATION_USER && user.departId) {
    return (
      <EntityFormPage
        entity="new_srv_station"
        id={user.departId}
        backTo="/servicehome"
        title={t('widgets.station.profile')}
        allowDelete={false}
        addressFields={stationAddressFields}
        extraTabs={stationApplyHistoryTab(user.departId, t('stationApply.ui.history'))}
      />
    );
  }
  return (
    <EntityListPage
      entity="new_srv_station"
      routeBase="/basicData/stationrecord"
      paths={stationPaths}
      title={t('widgets.station.profile')}
    />
  );
}
