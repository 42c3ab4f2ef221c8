import { businessUnitType, getEntity, isClientField } from '@portal/model';
import { useParams } from 'react-router';
import { useLineDialog } from '../../entity-ui/document/use-line-dialog.tsx';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { RecordLineDialog } from '../../entity-ui/document/RecordLineDialog.tsx';
import { useSession } from '../../session/store.ts';

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
  const forecastLines = useLineDialog(LINE.logicalName, id, (docId, state) => (
    <RecordLineDialog
      entity={LINE.logicalName}
      parent="new_salesforecast_id"
      fields={LINE_FIELDS}
      initial={{ new_qtym: 0, new_qtym1: 0, new_qtym2: 0 }}
      docId={docId}
      testId="yc-line-dialog"
      {...state}
    />
  ));
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
