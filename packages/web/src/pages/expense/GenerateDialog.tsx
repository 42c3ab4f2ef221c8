import { EXPENSE_FIRST_YEAR, expenseSection, getEntity, settleWay, stationState, type OptionSetDef } from '@portal/model';
import { Form, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { generateSettlements } from '../../api/expense.ts';
import { retrieveMultiple } from '../../api/records.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { currentYearUtc8, nowUtc8 } from '../../shared/date.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { forDialog } from '../stock/stock-command.ts';

const CLAIM = getEntity('new_srv_expense_claim')!;
const STATION = getEntity('new_srv_station')!;

interface Values {
  year: number;
  month: number;
  section: number;
  settleWay: number;
  stationIds: string[];
}

/** Last month's second half by default (the usual run); years 2013 to this year. */
function defaults(now = nowUtc8()): Values {
  const d = now.startOf('month').subtract(1, 'month');
  return { year: d.year(), month: d.month() + 1, section: expenseSection.secondHalf, settleWay: settleWay.transfer, stationIds: [] };
}

const options = (set: OptionSetDef<number>, lang: 'zh-CN' | 'en-US') => set.options.map((o) => ({ value: o.value, label: o.label[lang] }));

/** 生成结算单: the period and settle way, for all stations or the chosen ones (head office). */
export function GenerateDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Values>();
  const [stations, setStations] = useState<{ value: string; label: string }[]>([]);
  const label = (f: string) => CLAIM.allFields[f].label[lang];
  const thisYear = currentYearUtc8();

  useEffect(() => {
    if (!open) return;
    let live = true;
    // Exited stations take no new settlement (the server refuses them): only active ones are offered.
    retrieveMultiple(
      STATION.entitySet,
      {
        select: [STATION.primaryKey, 'new_code', 'new_name'],
        filter: `statecode eq ${stationState.active}`,
        orderby: 'new_code asc',
        top: 5000,
      },
      { silent: true },
    )
      .then(
        (r) =>
          live &&
          setStations(
            r.rows.map((s) => ({ value: String(s[STATION.primaryKey]), label: `${s.new_code ?? ''} ${s.new_name ?? ''}`.trim() })),
          ),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open]);

  return (
    <CommandDialog<Values>
      open={open}
      title={t('expense.ui.generate')}
      testId="ec-generate-dialog"
      form={form}
      initialValues={defaults()}
      onClose={onClose}
      onDone={onDone}
      send={async (v) => {
        const r = await generateSettlements({
          year: v.year,
          month: v.month,
          section: v.section,
          settleWay: v.settleWay,
          stationIds: v.stationIds?.length ? v.stationIds : undefined,
        });
        return forDialog({ id: r.id, message: r.message });
      }}
    >
      <Typography.Paragraph type="secondary">{t('expense.ui.generateHint')}</Typography.Paragraph>
      <Form.Item name="year" label={label('new_year')} required>
        <Select
          data-testid="ec-gen-year"
          options={Array.from({ length: thisYear - EXPENSE_FIRST_YEAR + 1 }, (_, i) => thisYear - i).map((y) => ({
            value: y,
            label: String(y),
          }))}
        />
      </Form.Item>
      <Form.Item name="month" label={label('new_month')} required>
        <Select data-testid="ec-gen-month" options={Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: String(i + 1) }))} />
      </Form.Item>
      <Form.Item name="section" label={label('new_section')} required>
        <Select data-testid="ec-gen-section" options={options(expenseSection as OptionSetDef<number>, lang)} />
      </Form.Item>
      <Form.Item name="settleWay" label={label('new_settleway')} required>
        <Select data-testid="ec-gen-settleway" options={options(settleWay as OptionSetDef<number>, lang)} />
      </Form.Item>
      <Form.Item name="stationIds" label={t('expense.ui.stations')}>
        <Select
          mode="multiple"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('expense.ui.allStations')}
          maxTagCount={2}
          options={stations}
          data-testid="ec-gen-stations"
        />
      </Form.Item>
    </CommandDialog>
  );
}
