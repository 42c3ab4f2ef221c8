import { getEntity } from '@portal/model';
import { DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { retrieveMultiple } from '../../api/records.ts';
import { createCount, type StockAnswer } from '../../api/stock.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { useSession } from '../../session/store.ts';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { forDialog, lookupId, trimmed } from './stock-command.ts';
import { lengthCount, lengthRule } from '../../widgets/typed-rules.ts';

const CHECK = getEntity('new_srv_stockcheck')!;
const WAREHOUSE = getEntity('new_srv_warehouse')!;

interface Values {
  warehouse: LookupRecord | null;
  checkDate: Dayjs | null;
  memo?: string;
}

/** A station user's own warehouse (the one of their station), looked up once. */
function useOwnWarehouse(): LookupRecord | null {
  const user = useSession((s) => s.user);
  const station = user.userType === STATION_USER ? user.departId : '';
  const [own, setOwn] = useState<LookupRecord | null>(null);
  useEffect(() => {
    if (!station) return;
    let live = true;
    retrieveMultiple(
      WAREHOUSE.entitySet,
      {
        select: [WAREHOUSE.primaryKey, 'new_name'],
        filter: `new_station_id eq ${literal(WAREHOUSE.allFields.new_station_id, station)}`,
        top: 1,
      },
      { silent: true },
    )
      .then((r) => live && r.rows[0] && setOwn({ id: String(r.rows[0][WAREHOUSE.primaryKey]), name: String(r.rows[0].new_name ?? '') }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [station]);
  return own;
}

/**
 * 新建盘点: the warehouse to count (a station user's own, fixed; others choose any they may
 * count — the server refuses the rest), the count date and a memo. Answers the new sheet.
 */
export function NewCountDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (a: StockAnswer) => void }) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Values>();
  const own = useOwnWarehouse();
  const label = (f: string) => CHECK.allFields[f].label[lang];

  // The own warehouse may arrive after the dialog opened.
  useEffect(() => {
    if (open && own) form.setFieldsValue({ warehouse: own });
  }, [open, own, form]);

  return (
    <CommandDialog<Values>
      open={open}
      title={t('stock.ui.newCount')}
      testId="sc-new-dialog"
      form={form}
      initialValues={{ warehouse: own, checkDate: todayUtc8() }}
      onClose={onClose}
      onDone={(a) => onDone({ id: a.id, message: a.message })}
      send={async (v) =>
        forDialog(
          await createCount({
            warehouseId: lookupId(v.warehouse),
            checkDate: v.checkDate ? v.checkDate.format('YYYY-MM-DD') : undefined,
            memo: trimmed(v.memo),
          }),
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('stock.ui.newCountHint')}</Typography.Paragraph>
      <Form.Item
        name="warehouse"
        label={label('new_warehouse_id')}
        required
        rules={[{ validator: (_, v) => (lookupId(v) ? Promise.resolve() : Promise.reject(new Error(t('parts.warehouseRequired')))) }]}
      >
        <LookupInput
          testId="sc-new-warehouse"
          disabled={!!own}
          def={{
            entityName: WAREHOUSE.logicalName,
            displayFields: ['new_name', 'new_code', 'new_type', 'new_station_id'],
            filterFields: ['new_name', 'new_code'],
            orderBy: 'new_code asc',
          }}
        />
      </Form.Item>
      <Form.Item name="checkDate" label={label('new_checkdate')}>
        <DatePicker data-testid="sc-new-date" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="memo" label={label('new_memo')} rules={[lengthRule(label('new_memo'), 100, t)]}>
        <Input.TextArea data-testid="sc-new-memo" count={lengthCount(100)} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </CommandDialog>
  );
}
