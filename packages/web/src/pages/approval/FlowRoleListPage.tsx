import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';

/** /flow/role: approval roles. */
export default function FlowRoleListPage() {
  const t = useT();
  return (
    <EntityListPage
      entity="new_flowrole"
      routeBase="/flow/role"
      title={t('menu.flowRole')}
      paths={{ create: '/flow/createRoleDetail', edit: (id) => `/flow/roleedit/${encodeURIComponent(id)}` }}
      allowImport={false}
    />
  );
}
