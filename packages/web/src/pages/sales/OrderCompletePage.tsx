import { salesOrderStatus } from '@portal/model';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { retrieveMultiple, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { literal } from '../../entity-ui/odata.ts';
import { getEntity } from '@portal/model';
import { useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { shownTime } from './order-complete-path.ts';

const ORDER = getEntity('salesorder')!;

/**
 * /order/{id}/{name}/{time}/complete: the "order placed" page after checkout. Number and time come
 * from the path, so it renders at once and after a reload; the order itself (its state: submitted
 * for approval or waiting to be submitted) and the other orders of the same checkout (one per
 * product line) are read in the caller's scope.
 */
export default function OrderCompletePage() {
  const { id = '', name = '', time = '' } = useParams();
  const t = useT();
  const navigate = useNavigate();
  const [order, setOrder] = useState<RecordRow | null | undefined>(undefined);
  const [siblings, setSiblings] = useState<RecordRow[]>([]);

  useEffect(() => {
    let live = true;
    retrieveRecord(ORDER.entitySet, id, ['name', 'new_status', 'totalamount', 'new_settleno'], { silent: true })
      .then(async (o) => {
        if (!live) return;
        setOrder(o ?? null);
        const batch = o?.new_settleno;
        if (!batch) return setSiblings(o ? [o] : []);
        const r = await retrieveMultiple(
          ORDER.entitySet,
          {
            select: ['salesorderid', 'name', 'new_status', 'totalamount'],
            filter: `new_settleno eq ${literal(ORDER.allFields.new_settleno, String(batch))}`,
            orderby: 'name asc',
            top: 50,
          },
          { silent: true },
        );
        if (live) setSiblings(r.rows);
      })
      .catch(() => live && setOrder(null));
    return () => {
      live = false;
    };
  }, [id]);

  const detail = (oid: string) => `/order/${encodeURIComponent(oid)}/detail`;
  const status = order ? Number(order.new_status) : null;
  return (
    <Result
      status="success"
      data-testid="order-complete"
      title={t('sales.complete.title')}
      subTitle={<span data-testid="order-complete-sub">{t('sales.complete.sub', { name, time: shownTime(time) })}</span>}
      extra={[
        <Button key="view" type="primary" data-testid="order-complete-view" onClick={() => navigate(detail(id))}>
          {t('sales.complete.view')}
        </Button>,
        <Button key="list" onClick={() => navigate('/order/list')}>
          {t('sales.complete.list')}
        </Button>,
        <Button key="shop" onClick={() => navigate('/shoppingmall/chooseproduct')}>
          {t('sales.complete.shop')}
        </Button>,
      ]}
    >
      {order === undefined ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : order === null ? (
        <Alert type="warning" showIcon message={t('sales.complete.notFound')} data-testid="order-complete-missing" />
      ) : (
        <>
          <Alert
            type={status === salesOrderStatus.draft ? 'warning' : 'info'}
            showIcon
            data-testid="order-complete-state"
            data-state={status ?? ''}
            message={t(status === salesOrderStatus.draft ? 'sales.complete.draft' : 'sales.complete.waiting')}
            style={{ marginBottom: 12 }}
          />
          {siblings.length > 1 && <p>{t('sales.complete.siblings', { n: siblings.length })}</p>}
          <ul data-testid="settle-result" className="plain-list">
            {siblings.map((o) => (
              <li key={String(o.salesorderid)} data-testid="settle-order" data-id={String(o.salesorderid)} className="plain-list-item">
                <Link to={detail(String(o.salesorderid))} style={{ flex: 1 }}>
                  {String(o.name ?? '')}
                </Link>
                <span className="product-price" style={{ fontSize: 16 }}>
                  {formatAmount(String(o.totalamount ?? '0'))}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Result>
  );
}
