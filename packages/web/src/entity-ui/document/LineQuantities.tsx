import type { EntityDef } from '@portal/model';
import { Alert, Form, InputNumber, Table } from 'antd';
import type { RecordRow } from '../../api/records.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useDocumentLines } from './use-document-lines.ts';

/** The most a line may take: its `max` field less its `done` field. */
export const lineRoom = (row: RecordRow, max: string, done?: string) =>
  Math.max(0, Number(row[max] ?? 0) - (done ? Number(row[done] ?? 0) : 0));

/**
 * A quantity per line inside a command's dialog (a shipment's shipped or signed quantities,
 * `lineQuantities` on the command): each line of the document with an integer input from 0 to
 * what the line has room for, starting there. The values sit in the form under `lines.<id>`.
 */
export function LineQuantities({ e, id, max, done, testId }: { e: EntityDef; id: string; max: string; done?: string; testId: string }) {
  const t = useT();
  const lang = useLocale();
  const line = e.document!.lines![0];
  const { rows, loading, error, entity } = useDocumentLines(line.entity, line.parent, id, 0, { select: [max, ...(done ? [done] : [])] });
  if (error) return <Alert type="error" showIcon message={error} data-testid={`${testId}-lines-error`} />;
  return (
    <Table<RecordRow>
      data-testid={`${testId}-lines`}
      size="small"
      loading={loading}
      pagination={false}
      rowKey={(r) => String(r[entity.primaryKey])}
      dataSource={rows}
      columns={[
        {
          key: 'name',
          title: entity.allFields[entity.primaryName]?.label[lang],
          render: (_: unknown, r) => String(r[entity.primaryName] ?? ''),
        },
        { key: 'max', title: entity.allFields[max].label[lang], render: (_: unknown, r) => lineRoom(r, max, done), width: 100 },
        {
          key: 'qty',
          title: t('sales.shipment.lineQty'),
          width: 140,
          render: (_: unknown, r) => {
            const room = lineRoom(r, max, done);
            const rid = String(r[entity.primaryKey]);
            return (
              <Form.Item
                name={['lines', rid]}
                initialValue={room}
                style={{ margin: 0 }}
                rules={[{ required: true, message: t('sales.shipment.lineQty') }]}
              >
                <InputNumber
                  min={0}
                  max={room}
                  precision={0}
                  data-testid={`${testId}-qty`}
                  data-line={String(r[entity.primaryName] ?? '')}
                />
              </Form.Item>
            );
          },
        },
      ]}
    />
  );
}
