import { formatMoney, STATEMENT_FIGURES, type StatementHeader } from '@portal/model';
import { Descriptions, Typography } from 'antd';
import type { RecordRow } from '../../api/records.ts';
import { screenPath } from '../../app/screen-path.ts';
import { useT } from '../../locales/i18n.ts';

/* Pieces the statement's detail, print and reconciliation pages share. */

/** A disputed line as the reconciliation reads it (the record service's row). */
export type DisputeRow = RecordRow & { new_accountdisputeid: string };

/** Where a line's document opens (its view, else its edit screen); undefined when the app has none the user may open. */
export const documentLink = (entity: string, id: string) =>
  entity && id ? (screenPath(entity, 'view', id) ?? screenPath(entity, 'edit', id)) : undefined;

/** The statement's figures as label–amount pairs (hooks `st-fig-<key>` with `data-amount`). */
export function StatementFigures({ header }: { header: StatementHeader }) {
  const t = useT();
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 4 }}
        data-testid="st-figures"
        items={STATEMENT_FIGURES.map((f) => ({
          key: f.key,
          label: t(f.label),
          children: (
            <span data-testid={`st-fig-${f.key}`} data-amount={header[f.key]} style={f.key === 'closing' ? { fontWeight: 600 } : undefined}>
              {formatMoney(header[f.key])}
            </span>
          ),
        }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 4, fontSize: 12 }}>
        {t('statement.formula')}
      </Typography.Paragraph>
    </>
  );
}
