import { useEffect, useState } from 'react';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { ownDealer } from './purchase-order-api.ts';

/**
 * /purchaseOrder/list — purchase orders with their states as tabs and counts: a store's own, a
 * dealer's stores' (the scope is the server's). 新建 is offered to a store only and opens the create
 * screen for its own dealer (/purchaseOrder/create/<dealer's unit>), which the server names.
 */
export default function PurchaseOrderListPage() {
  const t = useT();
  const [dealer, setDealer] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Not a store (a dealer, head office): it does not place purchase orders.
    ownDealer().then(
      (s) => live && setDealer(s?.id ?? null),
      () => live && setDealer(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <EntityListPage
      entity="new_purchaseorder"
      routeBase=""
      title={t('menu.purchaseOrders')}
      paths={{
        create: dealer ? `/purchaseOrder/create/${encodeURIComponent(dealer)}` : undefined,
        edit: (id) => `/purchaseOrder/view/${encodeURIComponent(id)}`,
        view: (id) => `/purchaseOrder/view/${encodeURIComponent(id)}`,
      }}
      allowCreate={!!dealer}
      allowImport={false}
      allowDelete={false}
      viewTabs
    />
  );
}
