import { businessUnitType, getEntity, isClientField } from '@portal/model';
import { Form } from 'antd';
import { useParams } from 'react-router';
import { createRecord, updateRecord } from '../../api/records.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { type LineDialogState, useLineDialog } from '../../entity-ui/document/use-line-dialog.tsx';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { FieldItem, inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { toFormValues, toPayload } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { forDialog } from '../parts/dialog-answer.ts';

const FORECAST = getEntity('new_salesforecast')!;
const LINE = getEntity('new_salesforecastline')!;
const LINE_FIELDS = ['new_product_id', 'new_qtym', 'new_qtym1', 'new_qtym2', 'new_remark'];
/** A new forecast shows only what a dealer enters (number, period, totals and approval are the server's). */
const HIDDEN_ON_CREATE = Object.keys(FORECAST.allFields).filter((n) => !isClientField(FORECAST, n));

/** Next month (China time): what a dealer usually forecasts. */
function nextMonth(): { new_year: number; new_month: number } {
  const d = new Date(Date.now() + 8 * 3600_000);
  const i = d.getUTCFullYear() * 12 + d.getUTCMonth() + 1;
  return { new_year: Math.floor(i / 12), new_month: (i % 12) + 1 };
}

interface LineDialogProps extends LineDialogState {
  docId: string;
}

/**
 * Add or change a line (product, M, M+1, M+2, remark) through the record service; the server refuses
 * a product already in the forecast (naming it), a quantity that is not a whole number 0–999,999, and
 * anything once the forecast is submitted or its month past its deadline. Hooks: `yc-line-dialog`
 * (`-ok`), fields `field-<name>`.
 */
function LineDialog(props: LineDialogProps) {
  const key = props.editing === null ? 'closed' : props.editing === 'new' ? 'new' : String(props.editing[LINE.primaryKey]);
  return <LineForm key={key} {...props} />;
}

function LineForm({ docId, editing, onClose, onDone }: LineDialogProps) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Record<string, unknown>>();
  const row = editing && editing !== 'new' ? editing : null;
  const initial = row ? toFormValues(LINE, row, LINE_FIELDS) : { new_qtym: 0, new_qtym1: 0, new_qtym2: 0 };
  const send = (v: Record<string, unknown>) => {
    const body = toPayload(LINE, v, LINE_FIELDS, !row);
    const done = row
      ? updateRecord(LINE.entitySet, String(row[LINE.primaryKey]), body, { silent: true }).then(() => ({
          id: docId,
          message: t('parts.saved'),
        }))
      : createRecord(LINE.entitySet, { ...body, new_salesforecast_id: docId }, { silent: true }).then(() => ({
          id: docId,
          message: t('parts.added'),
        }));
    return forDialog(done);
  };
  return (
    <CommandDialog<Record<string, unknown>>
      open={editing !== null}
      title={`${row ? t('parts.ui.lineEdit') : t('parts.ui.lineAdd')} · ${LINE.label[lang]}`}
      testId="yc-line-dialog"
      form={form}
      initialValues={initial}
      onClose={onClose}
      onDone={onDone}
      send={send}
    >
      {LINE_FIELDS.map((name) => {
        const f = LINE.allFields[name];
        return (
          <FieldItem key={name} name={name} label={f.label[lang]} required={!!f.required} rules={rulesFor(f, lang, t)}>
            {inputFor(LINE, name, f, lang, t, false)}
          </FieldItem>
        );
      })}
    </CommandDialog>
  );
}

/**
 * /salesforecast/create and /salesforecast/view/:id: a dealer's monthly rolling forecast on the generic
 * document page (its declaration: number YC<month>, approval, lines with their totals). A new one starts
 * at next month; while a draft (or rejected) and before its month's deadline the dealer changes it and its
 * lines and submits it to head office (提交审批); the server's refusals (a second forecast of the month,
 * the deadline passed, no lines) show as they come; head office reads it (no writes). Hooks: the
 * document page's `yc-*`.
 */
export default function SalesForecastPage() {
  const { id } = useParams();
  const forecastLines = useLineDialog(LINE.logicalName, id, (docId, state) => <LineDialog docId={docId} {...state} />);
  // Only the dealer writes its forecast; head office reads it and approves it.
  const dealer = useSession((s) => s.user.unitType) === businessUnitType.dealer;
  return (
    <DocumentPage
      entity={FORECAST}
      testIdPrefix="yc"
      canWrite={dealer}
      backTo="/salesforecast/list"
      editPath={(newId) => `/salesforecast/view/${encodeURIComponent(newId)}`}
      defaults={nextMonth}
      hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
      {...forecastLines}
      lines={{ ...forecastLines.lines, totals: false }}
    />
  );
}
