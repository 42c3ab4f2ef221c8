import { approvalStatus, getEntity } from '@portal/model';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import type { LookupCondition } from '../../api/lookup.ts';
import { retrieveRecord, type RecordRow } from '../../api/records.ts';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { documentKey, documentQueries, useDocumentRecord } from '../../entity-ui/document/document-query.ts';
import { useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { hiddenOnCreate } from './fund-page.ts';
import type { FundLineKind } from './FundLineDialog.tsx';
import { useFundLines } from './use-fund-lines.tsx';

const ENTITY = 'new_activityuse';
const HIDDEN = hiddenOnCreate(ENTITY);
const LINES: FundLineKind = {
  entity: 'new_activityusedetail',
  parent: 'new_activityuse_id',
  fields: ['new_name', 'new_amount', 'new_invoiceno', 'new_remark'],
  testId: 'activityuse-line-dialog',
};
const APPROVED: LookupCondition[] = [{ field: 'new_approvalstatus', op: 'eq', value: approvalStatus.approved }];
// The lookups offer approved applications only (the server refuses the rest, and another dealer's).
const CONDITIONS = { new_activityapply_id: APPROVED, new_costapply_id: APPROVED };
const viewPath = (id: string) => `/activityuse/view/${encodeURIComponent(id)}`;

/** The claim's application: which one, and its entity set. */
function targetOf(row: RecordRow): { set: string; id: string } | null {
  if (typeof row.new_activityapply_id === 'string' && row.new_activityapply_id)
    return { set: getEntity('new_activityapply')!.entitySet, id: row.new_activityapply_id };
  if (typeof row.new_costapply_id === 'string' && row.new_costapply_id)
    return { set: getEntity('new_costapply')!.entitySet, id: row.new_costapply_id };
  return null;
}

/**
 * What is left to claim on the claim's application (approved, written off, under review, left),
 * read again whenever the claim is (a submit or approval moves it). Hook: `activityuse-available`
 * (data-available: the amount left).
 */
function Available({ id }: { id: string }) {
  const t = useT();
  const { data: row } = useDocumentRecord(ENTITY, id);
  const target = row ? targetOf(row) : null;
  const { data: fund } = useQuery<RecordRow>({
    queryKey: [...documentKey(ENTITY, id), 'target', target?.id ?? ''],
    queryFn: () =>
      retrieveRecord(target!.set, target!.id, ['new_name', 'new_approvedamount', 'new_usedamount', 'new_pendingamount', 'new_available'], {
        silent: true,
      }),
    enabled: !!target,
  });
  if (!fund) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="activityuse-available"
      data-available={String(fund.new_available ?? '')}
      title={t('funds.availableOf', {
        name: String(fund.new_name ?? ''),
        approved: formatAmount(fund.new_approvedamount as string, ''),
        used: formatAmount(fund.new_usedamount as string, ''),
        pending: formatAmount(fund.new_pendingamount as string, ''),
        available: formatAmount(fund.new_available as string, ''),
      })}
    />
  );
}

/** A new claim for the activity named in the query (`?activityapply=<id>`, from its 申请核销): the lookup starts there. */
function useStartingActivity(): { loading: boolean; defaults?: Record<string, unknown> } {
  const [query] = useSearchParams();
  const from = query.get('activityapply');
  const { data, isLoading } = useQuery<RecordRow>({
    queryKey: ['activityuse-start', from],
    queryFn: () => retrieveRecord(getEntity('new_activityapply')!.entitySet, from!, ['new_name'], { silent: true }),
    enabled: !!from,
  });
  if (!from) return { loading: false };
  if (isLoading) return { loading: true };
  return { loading: false, defaults: data ? { new_activityapply_id: { id: from, name: String(data.new_name ?? '') } } : undefined };
}

function ClaimPage() {
  const { id } = useParams();
  const fundLines = useFundLines(LINES, id);
  const start = useStartingActivity();
  if (!id && start.loading) return <Spin />;
  return (
    <>
      {id && <Available id={id} />}
      <DocumentPage
        entity={ENTITY}
        testIdPrefix="activityuse"
        backTo="/activityuse/list"
        editPath={viewPath}
        hiddenFields={id ? undefined : HIDDEN}
        defaults={start.defaults ? () => start.defaults! : undefined}
        lookupConditions={CONDITIONS}
        {...fundLines}
        linesLabel="funds.actualCosts"
      />
    </>
  );
}

/**
 * /activityuse/create, /activityuse/view/:id — a dealer's write-off claim (费用核销): the approved
 * activity or cost application it claims against, its actual cost lines with invoice numbers (each
 * refused beyond what is left, shown at the amount), the photos on the attachments tab, submitted
 * through the approval engine; what is left on the application above it. Hooks: the document
 * page's `activityuse-*`, `activityuse-line-dialog`, `activityuse-available`.
 */
export default function ActivityUsePage() {
  return (
    <QueryClientProvider client={documentQueries}>
      <ClaimPage />
    </QueryClientProvider>
  );
}
