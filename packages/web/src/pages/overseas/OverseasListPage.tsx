import { formatCurrencyAmount } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { STATUS_CELLS } from '../workorder/WorkOrderListPage.tsx';
import { WORK_ORDER } from '../workorder/work-order-rules.ts';
import { orderEditPath } from './overseas-form.ts';

const editPath = (id: string) => orderEditPath(id, true);

/**
 * /overseas/list (kept): the work orders marked overseas — the work order's overseas view (country,
 * currency, total in the order's currency), quick search, filters, export. 新建 opens
 * /overseas/create; rows open /overseas/edit/:id.
 */
export default function OverseasListPage() {
  const t = useT();
  const lang = useLocale();
  return (
    <EntityListPage
      entity={WORK_ORDER}
      views={['overseas']}
      routeBase="/overseas"
      title={t('menu.overseas')}
      paths={{ create: '/overseas/create', edit: editPath, view: editPath }}
      renderCell={{
        ...STATUS_CELLS,
        new_totalcost: (row: RecordRow) => (
          <span data-testid="overseas-total">{formatCurrencyAmount(row.new_totalcost, row.new_currency, lang)}</span>
        ),
      }}
      rowFields={['new_currency']}
      allowImport={false}
      allowDelete={false}
    />
  );
}
