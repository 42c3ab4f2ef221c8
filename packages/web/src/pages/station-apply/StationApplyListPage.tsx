import { PlusOutlined } from '@ant-design/icons';
import { stationApplyType } from '@portal/model';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { useNavigate } from 'react-router';
import { applyPath, KINDS, STATION_APPLY } from './station-apply-paths.ts';

/**
 * /basicData/stationapplylist: every station application in reach (a station's own; head office
 * all), each opening on its kind's screen (the change screen forwards the others); 新建 offers the
 * three kinds to holders of station.apply.
 */
export default function StationApplyListPage() {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const navigate = useNavigate();
  const label = (k: (typeof KINDS)[number]) => stationApplyType.options.find((o) => o.value === stationApplyType[k])!.label[lang];
  return (
    <EntityListPage
      entity={STATION_APPLY}
      routeBase="/basicData/stationchangeapply"
      title={t('menu.stationApply')}
      allowCreate={false}
      allowImport={false}
      allowDelete={false}
      headerActions={KINDS.map((k) => ({
        key: `new-${k}`,
        label: t('stationApply.ui.newKind', { type: label(k) }),
        icon: <PlusOutlined />,
        type: k === 'change' ? 'primary' : 'default',
        hidden: !can('station.apply'),
        onClick: () => navigate(applyPath(k)),
        testId: `stationapply-new-${k}`,
      }))}
    />
  );
}
