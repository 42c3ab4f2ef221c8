import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';

/** /worker/list: service personnel (a station sees its own engineers). */
export default function WorkerListPage() {
  const t = useT();
  return <EntityListPage entity="new_srv_worker" routeBase="/worker" title={t('widgets.worker.list')} />;
}
