import { getEntity } from '@portal/model';
import { useEffect, useState } from 'react';
import { retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { ApplicationHistory } from '../../widgets/approval/ApplicationHistory.tsx';
import { applyPath, kindOf, STATION_APPLY } from './station-apply-paths.ts';

const E = getEntity(STATION_APPLY)!;

/** A station's applications (change, continuation, exit), newest first, each linking to its screen: the station record's history. */
export function StationApplyHistory({ stationId }: { stationId: string }) {
  const [rows, setRows] = useState<RecordRow[] | null>(null);
  useEffect(() => {
    retrieveMultiple(
      E.entitySet,
      {
        select: [E.primaryKey, 'new_name', 'new_applytype', 'new_approvalstatus', 'new_reason', 'createdon', 'new_approvedtime'],
        filter: `new_station_id eq ${stationId}`,
        orderby: 'createdon desc',
        top: 100,
      },
      { silent: true },
    )
      .then((r) => setRows(r.rows))
      .catch(() => setRows([]));
  }, [stationId]);
  return (
    <ApplicationHistory
      entity={E}
      rows={rows}
      testId="station-apply-history"
      typeField="new_applytype"
      pathOf={(r) => {
        const k = kindOf(r.new_applytype);
        return k ? applyPath(k, String(r[E.primaryKey])) : null;
      }}
    />
  );
}

/** The history as a record screen's extra tab. */
export const stationApplyHistoryTab = (stationId: string | undefined, label: string) =>
  stationId
    ? [
        {
          key: 'stationApplies',
          label: <span data-testid="form-tab-station-applies">{label}</span>,
          children: <StationApplyHistory stationId={stationId} />,
        },
      ]
    : [];
