import { useParams } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { stationApplyHistoryTab } from '../station-apply/StationApplyHistory.tsx';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { stationAddressFields, stationPaths } from './StationRecordListPage.tsx';

/** /basicData/stationrecord/view/:id and /basicData/stationrecord/create: one station's profile. */
export default function StationRecordFormPage() {
  const { id } = useParams();
  const t = useT();
  return (
    <EntityFormPage
      entity="new_srv_station"
      id={id}
      backTo="/basicData/stationrecord"
      editPath={stationPaths.edit}
      addressFields={stationAddressFields}
      extraTabs={stationApplyHistoryTab(id, t('stationApply.ui.history'))}
    />
  );
}
