import { Typography } from 'antd';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { editPath, STATUS_CELLS } from './WorkOrderListPage.tsx';
import { WORK_ORDER } from './work-order-rules.ts';

/** The search form's fields (spec: number, customer, phone, serial number, station, service type, status, created on). */
export const SEARCH_FIELDS = [
  'new_name',
  'new_customer',
  'new_phone',
  'new_serialnumber',
  'new_station_id',
  'new_type',
  'new_status',
  'createdon',
];

/**
 * /workOrder/search: the orders of every station the user can see (the server's scope), searched
 * by the form's fields; results open the edit screen. The same grid as the list, view "all" only.
 */
export default function WorkOrderSearchPage() {
  const t = useT();
  return (
    <div data-testid="wo-search">
      <EntityListPage
        entity={WORK_ORDER}
        views={['all']}
        routeBase="/workOrder"
        title={t('wo.ui.search')}
        paths={{ edit: editPath, view: editPath }}
        canWrite={false}
        renderCell={STATUS_CELLS}
        allowImport={false}
        allowDelete={false}
        filterFields={SEARCH_FIELDS}
        filtersOpen
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('wo.ui.searchHint')}
      </Typography.Paragraph>
    </div>
  );
}
