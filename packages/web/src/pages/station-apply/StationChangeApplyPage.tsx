import { getEntity, STATION_CHANGE_FIELDS, stationApplyType } from '@portal/model';
import { useNavigate, useParams } from 'react-router';
import { displayValue, retrieveRecord } from '../../api/records.ts';
import { useLocale } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { ChangeApplyPage, type ChangeApplyConfig } from '../../widgets/approval/ChangeApplyPage.tsx';
import { applyPath, kindOf, STATION_APPLY } from './station-apply-paths.ts';

const E = getEntity(STATION_APPLY)!;
const STATION = getEntity('new_srv_station')!;
const PAIRS = STATION_CHANGE_FIELDS.map((f) => ({ target: f.station, current: f.current, proposed: f.proposed }));

/**
 * /basicData/stationchangeapply/create and /edit/:id: a station's change application on the shared
 * change screen (widgets/approval/ChangeApplyPage.tsx): each station field beside its new value;
 * once approved, head office's approval has put the new values on the station. An application of
 * another kind opens on its own screen.
 */
export default function StationChangeApplyPage() {
  const { id } = useParams();
  const lang = useLocale();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const config: ChangeApplyConfig = {
    entity: STATION_APPLY,
    targetEntity: 'new_srv_station',
    pairs: PAIRS,
    testPrefix: 'stationchangeapply',
    tablePrefix: 'station',
    readFields: ['new_applytype', 'new_station_id'],
    title: stationApplyType.options.find((o) => o.value === stationApplyType.change)!.label[lang],
    backTo: '/basicData/stationapplylist',
    writePrivilege: 'station.apply',
    subjectLabel: E.allFields.new_station_id.label[lang],
    subjectOf: (row) => displayValue(row, 'new_station_id'),
    loadNew: async () => {
      const s = await retrieveRecord(STATION.entitySet, user.departId, [STATION.primaryKey, ...PAIRS.map((f) => f.target)], {
        silent: true,
      });
      return {
        name: String(s.new_name ?? user.departName),
        current: Object.fromEntries(PAIRS.map((f) => [f.target, s[f.target] ?? null])),
      };
    },
    createBody: () => ({ new_applytype: stationApplyType.change, new_station_id: user.departId }),
    pathOf: (newId) => applyPath('change', newId),
    redirect: (row) => {
      const kind = kindOf(row.new_applytype);
      if (!id || !kind || kind === 'change') return false;
      navigate(applyPath(kind, id), { replace: true });
      return true;
    },
  };
  return <ChangeApplyPage id={id} config={config} />;
}
