import { CalendarOutlined, SearchOutlined } from '@ant-design/icons';
import { workOrderDealStatus, workOrderStatus } from '@portal/model';
import { useNavigate } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { DOMESTIC_FILTER, DOMESTIC_VIEWS } from '../overseas/overseas-form.ts';
import { WORK_ORDER } from './work-order-rules.ts';

export const editPath = (id: string) => `/workOrder/edit/${encodeURIComponent(id)}`;

/** Statuses drawn as coloured tags in every work-order grid. */
export const STATUS_CELLS = {
  new_dealstatus: (row: RecordRow) => <OptionTag set={workOrderDealStatus} value={row.new_dealstatus} />,
  new_status: (row: RecordRow) => <OptionTag set={workOrderStatus} value={row.new_status} />,
};

/**
 * /workOrder/list (kept): every view of the work order, quick search, more filters, export. The
 * dashboard opens it with a view and filters in the URL (`?view=open&f.new_dealstatus=3`).
 */
export default function WorkOrderListPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <EntityListPage
      entity={WORK_ORDER}
      routeBase="/workOrder"
      // Overseas orders have their own list (/overseas/list).
      views={DOMESTIC_VIEWS}
      extraFilter={DOMESTIC_FILTER}
      title={t('menu.workOrder')}
      // Rows always open the edit screen: it is read-only where the user may not change the order.
      paths={{ create: '/workOrder/create', edit: editPath, view: editPath }}
      renderCell={STATUS_CELLS}
      allowImport={false}
      allowDelete={false}
      headerActions={[
        {
          key: 'search',
          label: t('wo.ui.search'),
          icon: <SearchOutlined />,
          onClick: () => navigate('/workOrder/search'),
          testId: 'wo-open-search',
        },
        {
          key: 'calendar',
          label: t('wo.ui.calendar'),
          icon: <CalendarOutlined />,
          onClick: () => navigate('/appointment/view'),
          testId: 'wo-open-calendar',
        },
      ]}
    />
  );
}
