import { Tag } from 'antd';
import { Link } from 'react-router';
import { FORMATTED, type RecordRow } from '../../api/records.ts';
import { useT } from '../../locales/i18n.ts';

/**
 * On a work order's header: the maintenance contract that covers it (the server links it and makes
 * the order 保内), as a link to the contract. Nothing when the order has none. Hook: `wo-contract`.
 */
export function WorkOrderContract({ row }: { row: RecordRow | null }) {
  const t = useT();
  const id = typeof row?.new_contract_id === 'string' ? row.new_contract_id : '';
  if (!id) return null;
  const name = String(row?.[`new_contract_id${FORMATTED}`] ?? '');
  return (
    <Tag color="green" data-testid="wo-contract" data-contract={id}>
      <Link to={`/contract/edit/${encodeURIComponent(id)}`}>{t('contract.ui.orderCovered', { name })}</Link>
    </Tag>
  );
}
