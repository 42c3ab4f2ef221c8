import { partsApplyStatus, warehouseType } from '@portal/model';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { LookupCondition } from '../../api/lookup.ts';
import type { RecordRow } from '../../api/records.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { ApplicationDeliveries } from './ApplicationDeliveries.tsx';
import { APPLICATION_DOC } from './request-documents.ts';
import { RequestDocumentPage } from './RequestDocumentPage.tsx';

/** The supplying warehouse is a central one (the server refuses any other). */
const CENTRAL: LookupCondition[] = [{ field: 'new_type', op: 'eq', value: warehouseType.central }];

/**
 * /partsApply/create and /partsApply/edit/:id: a station's parts application. A station user's
 * station is preset and locked; the supplying warehouse lookup lists central warehouses; a repair
 * application's work order is one of the station's. Header tag: delivery status (statuscode). Tabs: lines, and the deliveries made of it.
 */
export default function PartsApplyFormPage() {
  const { id } = useParams();
  const t = useT();
  const user = useSession((s) => s.user);
  const [station, setStation] = useState<string>('');
  const stationUser = user.userType === STATION_USER && !!user.departId;

  const defaults = useMemo(
    () => (!id && stationUser ? { new_station_id: { id: user.departId, name: user.departName } } : undefined),
    [id, stationUser, user.departId, user.departName],
  );
  const ownStation = stationUser ? user.departId : station;
  const lookupConditions = useMemo(
    () => ({
      new_warehouse_id: CENTRAL,
      ...(ownStation ? { new_workorder_id: [{ field: 'new_station_id', op: 'eq', value: ownStation }] } : {}),
    }),
    [ownStation],
  );

  return (
    <RequestDocumentPage
      doc={APPLICATION_DOC}
      id={id}
      defaults={defaults}
      lockedFields={stationUser ? ['new_station_id'] : undefined}
      lookupConditions={lookupConditions}
      onLoaded={(r: RecordRow) => setStation(typeof r.new_station_id === 'string' ? r.new_station_id : '')}
      tags={(row) => <OptionTag set={partsApplyStatus} value={row.statuscode} testId="pa-statuscode" />}
      extraTabs={(_row, version) => [
        {
          key: 'deliveries',
          label: <span data-testid="pa-tab-deliveries">{t('parts.ui.deliveries')}</span>,
          children: <ApplicationDeliveries applicationId={id!} version={version} />,
        },
      ]}
    />
  );
}
