import { warranty } from '@portal/model';
import { Alert, Tag } from 'antd';
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

const contractOf = (row: RecordRow | null) =>
  typeof row?.new_contract_id === 'string' && row.new_contract_id ? String(row[`new_contract_id${FORMATTED}`] ?? '') : null;

/**
 * Beside the order's fields: a contract covering the machine makes the order 保内 whatever the form
 * says (the server decides on save), so the form says so before anyone picks 保外. Hook: `wo-contract-note`.
 */
export function ContractWarrantyNote({ row }: { row: RecordRow | null }) {
  const t = useT();
  const name = contractOf(row);
  if (name === null) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t('contract.ui.warrantyNote', { name })}
      style={{ marginBottom: 12 }}
      data-testid="wo-contract-note"
    />
  );
}

/** The contract whose cover a save just made the order 保内 (it was not before), else null. */
export function warrantyTakenByContract(before: RecordRow | null, after: RecordRow): string | null {
  const name = contractOf(after);
  if (!before || name === null || Number(after.new_warranty) !== warranty.inWarranty) return null;
  return Number(before.new_warranty) !== warranty.inWarranty || contractOf(before) === null ? name : null;
}
