import { getEntity } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { SignatureAreas } from '../../widgets/print/SignatureAreas.tsx';
import { num as numOrNull } from '../../entity-ui/document/num.ts';

const num = (v: unknown) => numOrNull(v) ?? 0;

const RETURN = getEntity('new_srv_partsreturn')!;
const LINE = getEntity('new_srv_partsreturndetail')!;
/** The lines' columns in the server PDF's order (domain/parts-return/return-list.ts RETURN_LIST_COLUMNS). */
export const RETURN_LIST_COLUMNS = [
  'new_code',
  'new_name',
  'new_qty',
  'new_receivedqty',
  'new_workorder_id',
  'new_oldserialno',
  'new_costcenter',
] as const;
const NUMERIC = new Set(['new_qty', 'new_receivedqty']);
const SIGN_SIDES = [
  { key: 'station', sign: 'partsReturn.print.stationSign' },
  { key: 'hq', sign: 'partsReturn.print.hqSign' },
] as const;

/**
 * The service-provider old-parts return list (服务商旧件返厂清单) as it prints on A4: header (station,
 * number, state, logistics, freight), the lines (part code, name, count, received, work order, serial
 * number, cost centre), totals and both sides' signature areas — the same fields and order as the
 * server's PDF. Hooks `pr-print-form`, `pr-print-lines` (`data-count`), `pr-print-total`.
 */
export function ReturnListForm({ doc, lines, company }: { doc: RecordRow; lines: RecordRow[]; company: string }) {
  const t = useT();
  const lang = useLocale();
  const text = (f: string) => cellText(doc, f, RETURN.allFields[f], lang);
  const head = [
    'new_station_id',
    'new_name',
    'new_state',
    'new_verifystatus',
    'new_logisticscorp',
    'new_trackingno',
    'new_freight',
    'new_deliveredon',
  ].map((f) => [RETURN.allFields[f].label[lang], f === 'new_freight' ? formatAmount(num(doc.new_freight)) : text(f)] as const);
  const qty = lines.reduce((s, l) => s + num(l.new_qty), 0);
  const received = lines.reduce((s, l) => s + num(l.new_receivedqty), 0);
  return (
    <article className="a4-sheet" data-testid="pr-print-form">
      <header>
        <div className="a4-company">{company}</div>
        <h1 className="a4-title">{t('partsReturn.print.title')}</h1>
        <dl className="a4-meta" data-testid="pr-print-meta">
          {head.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </header>
      <h2 className="a4-section">{t('partsReturn.print.lines')}</h2>
      <table className="a4-table a4-lines" data-testid="pr-print-lines" data-count={lines.length}>
        <thead>
          <tr>
            {RETURN_LIST_COLUMNS.map((c) => (
              <th key={c} scope="col">
                {LINE.allFields[c].label[lang]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={String(l[LINE.primaryKey])} data-testid="pr-print-line">
              {RETURN_LIST_COLUMNS.map((c) => (
                <td key={c} className={NUMERIC.has(c) ? 'a4-num' : undefined}>
                  {cellText(l, c, LINE.allFields[c], lang)}
                </td>
              ))}
            </tr>
          ))}
          <tr className="a4-strong" data-testid="pr-print-total" data-qty={qty} data-received={received}>
            <td colSpan={2}>{t('partsReturn.print.total')}</td>
            <td className="a4-num">{qty}</td>
            <td className="a4-num">{received}</td>
            <td colSpan={3}>
              {RETURN.allFields.new_totalamount.label[lang]}：{formatAmount(num(doc.new_totalamount))}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="a4-statement">{t('partsReturn.print.statement')}</p>
      <SignatureAreas sides={SIGN_SIDES} testPrefix="pr-print" />
    </article>
  );
}
