import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { dispatchPath } from './delivery-paths.ts';

/**
 * /partsDispatch/list (kept, delivery.read): the deliveries of the user's warehouses; only one still
 * to be submitted is edited, past that 查看 (the model's edit rule). A page of its
 * own rather than a generic route: the route needs delivery.read where the entity's read privilege
 * is parts.read. New (delivery.create) opens the create screen; deliveries are made and deleted
 * through their commands and screen, so there is no import and no row delete.
 */
export default function DeliveryListPage() {
  const t = useT();
  return (
    <EntityListPage
      entity="new_stockoutorder"
      routeBase=""
      title={t('menu.partsDispatch')}
      views={['all', 'open', 'shipped']}
      paths={{ create: '/partsDispatch/create', edit: dispatchPath }}
      allowImport={false}
      allowDelete={false}
    />
  );
}
