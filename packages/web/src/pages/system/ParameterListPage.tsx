import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';

/** /systemparameter/list: parameters the portal reads (spec 001 §3: maintained by administrators). */
export default function ParameterListPage() {
  const t = useT();
  return <EntityListPage entity="new_systemparameter" routeBase="/systemparameter" title={t('widgets.parameter.list')} />;
}
