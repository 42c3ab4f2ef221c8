import { approvalStatus, getEntity, productReturnState } from '@portal/model';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { num } from '../../entity-ui/document/num.ts';
import { productReturnPath } from './paths.ts';

const RETURN = getEntity('new_srv_productreturn')!;

/**
 * On a work order's header: its product return (the latest), as a link to the return with where it
 * stands (its return state once approved, else its approval status). Nothing when the order has
 * none or the user may not read returns. Hook: `wo-product-return`.
 */
export function WorkOrderProductReturn({ orderId }: { orderId?: string }) {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const readable = can('parts.read');
  const [doc, setDoc] = useState<RecordRow | null>(null);
  useEffect(() => {
    if (!orderId || !readable) return;
    let live = true;
    retrieveMultiple(
      RETURN.entitySet,
      {
        select: [RETURN.primaryKey, 'new_name', 'new_returntype', 'new_approvalstatus', 'new_returnstate'],
        filter: `new_workorder_id eq ${literal(RETURN.allFields.new_workorder_id, orderId)}`,
        orderby: 'createdon desc',
        top: 1,
      },
      { silent: true, formatted: false },
    )
      .then((r) => live && setDoc(r.rows[0] ?? null))
      .catch(() => live && setDoc(null));
    return () => {
      live = false;
    };
  }, [orderId, readable]);
  if (!doc) return null;
  const approval = num(doc.new_approvalstatus) ?? approvalStatus.draft;
  const state =
    approval === approvalStatus.approved
      ? productReturnState.options.find((o) => o.value === num(doc.new_returnstate))?.label[lang]
      : approvalStatus.options.find((o) => o.value === approval)?.label[lang];
  return (
    <Tag color="purple" data-testid="wo-product-return">
      <Link to={productReturnPath(String(doc[RETURN.primaryKey]), num(doc.new_returntype))}>
        {t('productReturn.onWorkOrder', { name: String(doc.new_name ?? ''), state: state ?? '' })}
      </Link>
    </Tag>
  );
}
