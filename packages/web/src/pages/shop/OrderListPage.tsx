import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';

const detail = (id: string) => `/order/${encodeURIComponent(id)}/detail`;

/** /order/list: sales orders (created by settling the cart); read-only here. */
export default function OrderListPage() {
  const t = useT();
  return (
    <EntityListPage
      entity="salesorder"
      routeBase="/order"
      title={t('widgets.order.list')}
      canWrite={false}
      paths={{ view: detail, edit: detail }}
    />
  );
}
