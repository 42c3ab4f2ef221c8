import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';

/** /claimFine/list (kept): bonus and penalty orders. */
export default function ClaimFineListPage() {
  const t = useT();
  return (
    <EntityListPage
      entity="new_srv_claimfine"
      routeBase="/claimFine"
      title={t('menu.claimFine')}
      paths={{
        create: '/claimFine/create',
        edit: (id) => `/claimFine/detail/${encodeURIComponent(id)}`,
        view: (id) => `/claimFine/detail/${encodeURIComponent(id)}`,
      }}
      allowImport={false}
      allowDelete={false}
    />
  );
}
