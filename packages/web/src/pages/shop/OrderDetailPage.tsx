import { getEntity } from '@portal/model';
import { Button, Card, Descriptions, Result, Skeleton, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { retrieveMultiple, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { cellText } from '../../entity-ui/format.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { AttachmentList } from '../../widgets/attachments/AttachmentList.tsx';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';

const order = getEntity('salesorder')!;
const line = getEntity('salesorderdetail')!;
const LINE_COLUMNS = line.views.byOrder.columns;

/** /order/:id/detail: one order, its delivery details and its lines. */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const can = usePrivilege();
  const [row, setRow] = useState<RecordRow | null>(null);
  const [lines, setLines] = useState<RecordRow[]>([]);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    let live = true;
    setRow(null);
    setMissing(false);
    const fields = order.forms.main.flatMap((s) => s.fields);
    retrieveRecord(order.entitySet, id, [order.primaryKey, 'createdon', ...fields])
      .then((r) => live && setRow(r))
      .catch(() => live && setMissing(true));
    retrieveMultiple(line.entitySet, {
      select: [line.primaryKey, ...LINE_COLUMNS],
      filter: `salesorderid eq ${literal(line.allFields.salesorderid, id)}`,
      orderby: 'createdon asc',
      top: 500,
    })
      .then((r) => live && setLines(r.rows))
      .catch(() => live && setLines([]));
    return () => {
      live = false;
    };
  }, [id]);

  if (missing)
    return (
      <Result
        status="404"
        title={t('widgets.form.notFound')}
        extra={<Button onClick={() => navigate('/order/list')}>{t('common.back')}</Button>}
      />
    );
  if (!row) return <Skeleton active paragraph={{ rows: 10 }} />;

  return (
    <div data-testid="order-detail" data-id={id}>
      <DetailHeader title={`${t('widgets.order.detail')} ${String(row.name ?? '')}`} backTo="/order/list" />
      {order.forms.main.map((s) => (
        <Card key={s.key} title={s.label[lang]} style={{ marginBottom: 16 }}>
          <Descriptions
            size="small"
            column={3}
            items={s.fields.map((f) => ({
              key: f,
              label: order.allFields[f].label[lang],
              children: cellText(row, f, order.allFields[f], lang) || '—',
            }))}
          />
        </Card>
      ))}
      <Card title={t('widgets.order.lines')} style={{ marginBottom: 16 }}>
        <Table<RecordRow>
          size="small"
          rowKey={(r) => String(r[line.primaryKey])}
          pagination={false}
          dataSource={lines}
          onRow={(r) => ({ 'data-testid': 'order-line', 'data-id': String(r[line.primaryKey]) }) as React.HTMLAttributes<HTMLElement>}
          columns={LINE_COLUMNS.map((c) => ({
            key: c,
            title: line.allFields[c].label[lang],
            render: (_: unknown, r: RecordRow) => cellText(r, c, line.allFields[c], lang),
          }))}
        />
      </Card>
      <Card title={t('widgets.form.attachments')}>
        <AttachmentList moduleType="salesorder" objectId={id} readOnly={!can('sales.write')} />
      </Card>
    </div>
  );
}
