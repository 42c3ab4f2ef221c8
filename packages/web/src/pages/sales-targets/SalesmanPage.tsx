import type { SalesmanCard } from '@portal/model';
import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { SalesmanCardView } from './SalesmanCard.tsx';
import { SalesmanDealers } from './SalesmanDealers.tsx';
import { salesmanCard } from './sales-target-api.ts';

/** The salesman's targets with actuals, as on their own card (reloaded when their dealers change). */
function Targets({ id, version }: { id: string; version: number }) {
  const [card, setCard] = useState<SalesmanCard | null>(null);
  useEffect(() => {
    let live = true;
    void version;
    salesmanCard(id).then(
      (c) => live && setCard(c),
      () => live && setCard(null),
    );
    return () => {
      live = false;
    };
  }, [id, version]);
  return card ? <SalesmanCardView card={card} details={false} /> : <Skeleton active />;
}

/**
 * /salesman/Edit/:id: a salesman on the generic form (code, name, mobile, region, portal login, active),
 * with the dealers they serve (added and removed here) and their targets with actual and completion.
 * Hooks: the form's, `salesman-tab-dealers`, `salesman-tab-targets`, and SalesmanDealers'.
 */
export default function SalesmanPage() {
  const { id } = useParams();
  const t = useT();
  const can = usePrivilege();
  const [version, setVersion] = useState(0);
  return (
    <EntityFormPage
      entity="new_salesman"
      id={id}
      backTo="/salesman/list"
      editPath={(newId) => `/salesman/Edit/${encodeURIComponent(newId)}`}
      attachmentsTab={false}
      extraTabs={
        id
          ? [
              {
                key: 'dealers',
                label: <span data-testid="salesman-tab-dealers">{t('salesman.ui.dealers')}</span>,
                children: <SalesmanDealers salesman={id} editable={can('sales.target')} onChanged={() => setVersion((v) => v + 1)} />,
              },
              {
                key: 'targets',
                label: <span data-testid="salesman-tab-targets">{t('salesman.ui.targets')}</span>,
                children: <Targets id={id} version={version} />,
              },
            ]
          : undefined
      }
    />
  );
}
