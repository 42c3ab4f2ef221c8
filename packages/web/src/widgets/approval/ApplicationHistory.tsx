import type { EntityDef } from '@portal/model';
import { Link } from 'react-router';
import { displayValue, type RecordRow } from '../../api/records.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { ResponsiveTable } from '../ResponsiveTable.tsx';
import { ApprovalStatusTag } from './ApprovalStatusTag.tsx';

/**
 * Applications that go through approval (account changes, station applications), newest first:
 * number linking to its screen, the type where the entity has several, approval status, reason,
 * submitted on. Column titles are the entity's field labels.
 */
export function ApplicationHistory({
  entity: E,
  rows,
  testId,
  pathOf,
  typeField,
}: {
  entity: EntityDef;
  /** null while loading. */
  rows: RecordRow[] | null;
  testId: string;
  /** The application's screen, or null when it has none (shown as plain text). */
  pathOf: (row: RecordRow) => string | null;
  typeField?: string;
}) {
  const t = useT();
  const lang = useLocale();
  const col = (name: string) => E.allFields[name].label[lang];
  const name = (r: RecordRow) => String(r.new_name ?? '');
  return (
    <ResponsiveTable<RecordRow>
      card={{ tags: ['status'] }}
      data-testid={testId}
      size="small"
      rowKey={(r) => String(r[E.primaryKey])}
      loading={rows === null}
      dataSource={rows ?? []}
      pagination={false}
      locale={{ emptyText: t('stationApply.ui.noHistory') }}
      columns={[
        {
          key: 'name',
          title: col('new_name'),
          render: (_, r) => {
            const to = pathOf(r);
            return to ? <Link to={to}>{name(r)}</Link> : name(r);
          },
        },
        ...(typeField ? [{ key: 'type', title: col(typeField), render: (_: unknown, r: RecordRow) => displayValue(r, typeField) }] : []),
        { key: 'status', title: col('new_approvalstatus'), render: (_, r) => <ApprovalStatusTag status={Number(r.new_approvalstatus)} /> },
        { key: 'reason', title: col('new_reason'), ellipsis: true, render: (_, r) => String(r.new_reason ?? '') },
        { key: 'createdon', title: col('createdon'), render: (_, r) => displayValue(r, 'createdon') },
      ]}
    />
  );
}
