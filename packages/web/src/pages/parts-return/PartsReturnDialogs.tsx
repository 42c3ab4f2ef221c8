import type { DeliverReturnRequest, OwedOldPart } from '@portal/model';
import { getEntity } from '@portal/model';
import { Form, Input, Table } from 'antd';
import { useEffect, useState } from 'react';
import { runCommand } from '../../api/command.ts';
import { owedOldParts, pickOwed } from '../../api/parts-return.ts';
import type { RecordRow } from '../../api/records.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import type { CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { useDocumentLines } from '../../entity-ui/document/use-document-lines.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { MoneyInput } from '../../widgets/MoneyInput.tsx';
import { NumberInput } from '../../widgets/NumberInput.tsx';
import { lengthCount, lengthRule, numberRule } from '../../widgets/typed-rules.ts';
import { useReceiptQuantities } from '../parts/receipt-quantities.tsx';

const RETURN = getEntity('new_srv_partsreturn')!;
const LINE = getEntity('new_srv_partsreturndetail')!;
type Props = { open: boolean; id: string; onClose: () => void; onDone: () => void };

/**
 * 选取待返旧件: the station's owed old parts (completed work orders' replaced parts still to
 * return), each chosen with a count (at most what is owed, the server checks again) and one cost
 * centre for the picked lines. Hooks: `pr-pick-dialog` (`-ok`, `-error`), rows `pr-owed-row`
 * (`data-part-line`), `pr-owed-qty`, `pr-pick-costcenter`.
 */
export function PickOwedDialog({ open, id, onClose, onDone }: Props) {
  const t = useT();
  const lang = useLocale();
  // The count of each owed line sits in the form under `qty.<partLineId>` so a typed count is refused at its line, never changed.
  const [form] = Form.useForm<{ costCenter: string; qty?: Record<string, number> }>();
  const [owed, setOwed] = useState<OwedOldPart[] | null>(null);
  const [picked, setPicked] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setOwed(null);
    setPicked([]);
    owedOldParts()
      .then((rows) => live && setOwed(rows))
      .catch(() => live && setOwed([]));
    return () => {
      live = false;
    };
  }, [open]);

  const f = (name: string) => LINE.allFields[name].label[lang];
  return (
    <CommandDialog
      open={open}
      title={t('partsReturn.ui.pickTitle')}
      testId="pr-pick-dialog"
      form={form}
      width={880}
      onClose={onClose}
      onDone={onDone}
      send={(v) =>
        pickOwed(id, {
          lines: picked.map((p) => ({
            partLineId: p,
            qty: Number(v.qty?.[p] ?? owed?.find((o) => o.partLineId === p)?.remaining ?? 1),
            costCenter: v.costCenter ?? '',
          })),
        })
      }
    >
      <Form.Item
        name="costCenter"
        label={f('new_costcenter')}
        rules={[{ required: true, whitespace: true, message: t('partsReturn.costCenterRequired') }, lengthRule(f('new_costcenter'), 40, t)]}
      >
        <Input count={lengthCount(40, false)} placeholder="CC-4100" data-testid="pr-pick-costcenter" />
      </Form.Item>
      <Table<OwedOldPart>
        size="small"
        rowKey="partLineId"
        loading={owed === null}
        dataSource={owed ?? []}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: t('partsReturn.ui.noOwed') }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }}
        onRow={(r) => ({ 'data-testid': 'pr-owed-row', 'data-part-line': r.partLineId }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'wo', title: f('new_workorder_id'), dataIndex: 'workOrderName' },
          { key: 'code', title: f('new_code'), dataIndex: 'code' },
          { key: 'name', title: f('new_name'), dataIndex: 'name' },
          { key: 'serial', title: f('new_oldserialno'), dataIndex: 'serialNo' },
          { key: 'remaining', title: t('partsReturn.ui.owed'), dataIndex: 'remaining', align: 'right' },
          {
            key: 'qty',
            title: f('new_qty'),
            width: 110,
            render: (_: unknown, r: OwedOldPart) => (
              <Form.Item
                name={['qty', r.partLineId]}
                initialValue={r.remaining}
                style={{ margin: 0 }}
                rules={[
                  numberRule(
                    {
                      field: f('new_qty'),
                      integer: true,
                      min: 1,
                      max: r.remaining,
                      messages: { max: t('partsReturn.countExceeds', { part: r.name, order: r.workOrderName, remaining: r.remaining }) },
                    },
                    t,
                  ),
                ]}
              >
                <NumberInput
                  size="small"
                  decimal={false}
                  testId="pr-owed-qty"
                  lineId={r.partLineId}
                  ariaLabel={`${f('new_qty')} ${r.name}`}
                />
              </Form.Item>
            ),
          },
        ]}
      />
    </CommandDialog>
  );
}

type Deliver = { logisticsCorp: string; trackingNo: string; freight: number };

/**
 * 发货: logistics company, tracking number and freight (0–99,999), sent as the spec names them and
 * refused at their boxes. Hooks: `pr-deliver-dialog`, `pr-deliver-corp`, `-tracking`, `-freight`.
 */
export const DeliverDialog: CommandSlot = ({ open, id, onClose, onDone }) => {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Deliver>();
  const f = (name: string) => RETURN.allFields[name].label[lang];
  return (
    <CommandDialog
      open={open}
      title={t('partsReturn.ui.deliver')}
      testId="pr-deliver-dialog"
      form={form}
      onClose={onClose}
      onDone={onDone}
      send={(v) =>
        runCommand(RETURN, id, 'deliver', {
          logisticsCorp: v.logisticsCorp ?? '',
          trackingNo: v.trackingNo ?? '',
          freight: v.freight,
        } satisfies DeliverReturnRequest)
      }
    >
      <Form.Item
        name="logisticsCorp"
        label={f('new_logisticscorp')}
        rules={[{ required: true, whitespace: true, message: t('parts.logisticsRequired') }, lengthRule(f('new_logisticscorp'), 60, t)]}
      >
        <Input count={lengthCount(60, false)} data-testid="pr-deliver-corp" />
      </Form.Item>
      <Form.Item
        name="trackingNo"
        label={f('new_trackingno')}
        rules={[{ required: true, whitespace: true, message: t('parts.logisticsRequired') }, lengthRule(f('new_trackingno'), 60, t)]}
      >
        <Input count={lengthCount(60, false)} data-testid="pr-deliver-tracking" />
      </Form.Item>
      <Form.Item
        name="freight"
        label={f('new_freight')}
        rules={[
          { required: true, message: t('parts.freightRange') },
          numberRule(
            {
              field: f('new_freight'),
              scale: 2,
              min: 0,
              max: 99_999,
              messages: { min: t('parts.freightRange'), max: t('parts.freightRange') },
            },
            t,
          ),
        ]}
      >
        <MoneyInput style={{ width: 200 }} testId="pr-deliver-freight" />
      </Form.Item>
    </CommandDialog>
  );
};

/** 签收 (head office): the count received now per line, starting at what is not yet received. Hooks: `pr-receive-dialog`, `pr-receive-qty`. */
export const ReceiveDialog: CommandSlot = ({ open, id, onClose, onDone }) => {
  const t = useT();
  const lang = useLocale();
  const { rows } = useDocumentLines(LINE.logicalName, 'new_partsreturn_id', open ? id : undefined, open ? 1 : 0);
  const receipt = useReceiptQuantities(LINE, rows);
  const field = (name: string) => ({
    key: name,
    title: LINE.allFields[name].label[lang],
    render: (_: unknown, r: RecordRow) => cellText(r, name, LINE.allFields[name], lang),
  });
  return (
    <CommandDialog
      open={open}
      title={t('partsReturn.ui.receive')}
      testId="pr-receive-dialog"
      form={receipt.form}
      width={760}
      onClose={onClose}
      onDone={onDone}
      send={async () => runCommand(RETURN, id, 'receive', { lines: (await receipt.lines()) ?? [] })}
    >
      <Table<RecordRow>
        size="small"
        rowKey={receipt.idOf}
        dataSource={rows}
        pagination={false}
        columns={[
          field('new_code'),
          field('new_name'),
          field('new_qty'),
          field('new_receivedqty'),
          receipt.column(t('partsReturn.ui.receive'), 'pr-receive-qty', 120),
        ]}
      />
    </CommandDialog>
  );
};
