import type { MessageKey, PrintParty } from '@portal/model';
import { useEffect, useState } from 'react';
import { apiGet } from '../../api/client.ts';
import { useT } from '../../locales/i18n.ts';

/**
 * The pieces the printable sales documents share (the delivery note, the sales order): their print
 * data from the server (undefined while loading, null when not found or not the caller's), the
 * header's label–value pairs, both parties' blocks and the lines' table with its totals row — the
 * same fields and order as the server's PDFs (server domain/sales/delivery-note.ts, order-sheet.ts).
 */
export function usePrintData<T>(path: string): T | null | undefined {
  const [data, setData] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setData(undefined);
    apiGet<T>(path, { silent: true })
      .then((d) => live && setData(d ?? null))
      .catch(() => live && setData(null));
    return () => {
      live = false;
    };
  }, [path]);
  return data;
}

/** Label：value pairs, two per row (a4-print.css `.a4-meta`), or one per row when `wide` (an address). */
export function PrintMeta({ items, testId, wide }: { items: (readonly [MessageKey, string])[]; testId: string; wide?: boolean }) {
  const t = useT();
  return (
    <dl className="a4-meta" data-testid={testId} style={wide ? { gridTemplateColumns: '1fr' } : undefined}>
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{t(k)}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Both sides of a delivery note side by side: unit, warehouse, address, contact and phone. Hooks `<testPrefix>-party-<key>`. */
export function PrintParties({ sides, testPrefix }: { sides: [key: string, title: MessageKey, party: PrintParty][]; testPrefix: string }) {
  const t = useT();
  return (
    <section style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0 16pt', margin: '6pt 0' }}>
      {sides.map(([key, title, p]) => (
        <div key={key} data-testid={`${testPrefix}-party-${key}`}>
          <h2 className="a4-section">{t(title)}</h2>
          <dl className="a4-meta" style={{ gridTemplateColumns: '1fr' }}>
            {(
              [
                ['sales.print.unit', p.unit],
                ['sales.print.warehouse', p.warehouse],
                ['sales.print.address', p.address],
                ['sales.print.contact', p.contact],
                ['sales.print.phone', p.phone],
              ] as [MessageKey, string][]
            ).map(([k, v]) => (
              <div key={k}>
                <dt>{t(k)}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

type Column<K extends string> = { key: K; label: MessageKey; numeric?: boolean };

/**
 * The lines' ruled table in the declared column order, then the totals row: 合计 over the leading
 * text columns, each total under its column. Hooks `<testPrefix>-lines` (`data-count`),
 * `<testPrefix>-line`, `<testPrefix>-total`.
 */
export function PrintLines<K extends string, L extends Record<K, string | number>>({
  columns,
  lines,
  cell = (_k, v) => String(v),
  totals,
  testPrefix,
}: {
  columns: readonly Column<K>[];
  lines: L[];
  cell?: (key: K, value: string | number) => string;
  totals: Partial<Record<K, string>>;
  testPrefix: string;
}) {
  const t = useT();
  const lead = Math.max(
    1,
    columns.findIndex((c) => c.numeric),
  );
  return (
    <table className="a4-table a4-lines" data-testid={`${testPrefix}-lines`} data-count={lines.length}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col">
              {t(c.label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          // Lines have no id of their own in the print data; their order is fixed.
          <tr key={i} data-testid={`${testPrefix}-line`}>
            {columns.map((c) => (
              <td key={c.key} className={c.numeric ? 'a4-num' : undefined}>
                {cell(c.key, l[c.key])}
              </td>
            ))}
          </tr>
        ))}
        <tr className="a4-strong" data-testid={`${testPrefix}-total`}>
          <td colSpan={lead}>{t('sales.print.total')}</td>
          {columns.slice(lead).map((c) => (
            <td key={c.key} className="a4-num">
              {totals[c.key] ?? ''}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
