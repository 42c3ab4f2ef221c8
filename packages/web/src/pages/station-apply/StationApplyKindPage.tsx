import { STATION_APPLY_TYPE_FIELDS, stationApplyType } from '@portal/model';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../session/store.ts';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { applyPath, KINDS, kindOf, STATION_APPLY, type StationApplyKind } from './station-apply-paths.ts';

/**
 * /basicData/station{continue,exit}apply/create and /edit/:id: a continuation (new contract term
 * end) or exit (exit date) application on the approval document screen, the other kinds' fields
 * left out. A record of another kind opens on its own screen.
 */
function StationApplyKindPage({ kind }: { kind: Exclude<StationApplyKind, 'change'> }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  return (
    <DocumentPage
      entity={STATION_APPLY}
      testIdPrefix={`station${kind}apply`}
      backTo="/basicData/stationapplylist"
      editPath={(newId) => applyPath(kind, newId)}
      defaults={() => ({
        new_applytype: stationApplyType[kind],
        ...(user.departId ? { new_station_id: { id: user.departId, name: user.departName } } : {}),
      })}
      hiddenFields={KINDS.filter((k) => k !== kind).flatMap((k) => STATION_APPLY_TYPE_FIELDS[k])}
      lockedFields={['new_applytype', 'new_station_id']}
      onLoaded={(row) => {
        const k = kindOf(row.new_applytype);
        if (id && k && k !== kind) navigate(applyPath(k, id), { replace: true });
      }}
    />
  );
}

export const StationContinueApplyPage = () => <StationApplyKindPage kind="continue" />;
export const StationExitApplyPage = () => <StationApplyKindPage kind="exit" />;
