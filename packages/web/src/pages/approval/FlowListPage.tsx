import { getEntity } from '@portal/model';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';

/** /flow/list: approval flows; the document column names the document, not its logical name. */
export default function FlowListPage() {
  const t = useT();
  const lang = useLocale();
  return (
    <EntityListPage
      entity="new_flow"
      routeBase="/flow"
      title={t('menu.flowList')}
      paths={{ create: '/flow/createDetail', edit: (id) => `/flow/edit/${encodeURIComponent(id)}` }}
      allowImport={false}
      renderCell={{
        new_entityname: (row) => {
          const name = String(row.new_entityname ?? '');
          return <span title={name}>{getEntity(name)?.label[lang] ?? name}</span>;
        },
      }}
    />
  );
}
