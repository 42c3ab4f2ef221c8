import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';

/** /flow/list: approval flows. */
export default function FlowListPage() {
  const t = useT();
  return (
    <EntityListPage
      entity="new_flow"
      routeBase="/flow"
      title={t('menu.flowList')}
      paths={{ create: '/flow/createDetail', edit: (id) => `/flow/edit/${encodeURIComponent(id)}` }}
      allowImport={false}
    />
  );
}
