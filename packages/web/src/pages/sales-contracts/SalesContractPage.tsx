import { type ContractPrefill, getEntity, isApprovalEditable, isClientField, SALES_CONTRACT_PREFILL } from '@portal/model';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Alert, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { apiGet } from '../../api/client.ts';
import { deleteRecord, FORMATTED, type RecordRow } from '../../api/records.ts';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { RecordLineDialog } from '../../entity-ui/document/RecordLineDialog.tsx';
import { documentKey, documentQueries, useDocumentRecord } from '../../entity-ui/document/document-query.ts';
import { useLineDialog } from '../../entity-ui/document/use-line-dialog.tsx';
import { num } from '../../entity-ui/document/num.ts';
import { toFormValues } from '../../entity-ui/form-values.ts';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { formatAmount } from '../../shared/format.ts';

const CONTRACT = getEntity('new_salescontract')!;
const LINE = getEntity('new_salescontractline')!;
const PLAN = getEntity('new_paymentplan')!;
const LINE_FIELDS = ['new_product_id', 'new_name', 'new_qty', 'new_price', 'new_remark'];
const PLAN_FIELDS = ['new_period', 'new_duedate', 'new_amount', 'new_remark'];
const SOURCES = ['new_lead_id', 'new_opportunity_id', 'new_quote_id'];
/** A new contract shows what its maker enters (number, paying unit, amounts and approval are the server's). */
const HIDDEN_ON_CREATE = Object.keys(CONTRACT.allFields).filter((n) => !isClientField(CONTRACT, n));
const viewPath = (id: string) => `/salescontract/view/${encodeURIComponent(id)}`;

/** The form's values of a prefill: lookups as picked (id and name), today as the sign date. */
function startingValues(p: ContractPrefill | null): Record<string, unknown> {
  if (!p) return { new_signdate: todayUtc8() };
  const given = Object.keys(p.values).filter((k) => p.values[k] !== null && CONTRACT.allFields[k]);
  const row: RecordRow = { ...p.values };
  for (const [k, n] of Object.entries(p.names)) row[`${k}${FORMATTED}`] = n;
  return { new_signdate: todayUtc8(), ...toFormValues(CONTRACT, row, given) };
}

/** The payment plans tab: the plans with received, remaining and state (as of today), Σ planned against the amount; changed while the contract is. */
function PlansTab({ id, row, editable, version }: { id: string; row: RecordRow | undefined; editable: boolean; version: number }) {
  const t = useT();
  const queries = useQueryClient();
  const [editing, setEditing] = useState<RecordRow | 'new' | null>(null);
  const reload = () => void queries.invalidateQueries({ queryKey: documentKey(CONTRACT.logicalName, id) });
  const planned = num(row?.new_plannedamount) ?? 0;
  const amount = num(row?.new_amount) ?? 0;
  const next = Math.max(0, amount - planned);
  return (
    <div data-testid="sc-plans" data-planned={planned.toFixed(2)} data-amount={amount.toFixed(2)}>
      <DocumentLines
        entity={PLAN.logicalName}
        parentField="new_salescontract_id"
        parentId={id}
        version={version}
        editable={editable}
        totals={false}
        onAdd={() => setEditing('new')}
        onEdit={(r) => setEditing(r)}
        onDelete={async (r) => {
          await deleteRecord(PLAN.entitySet, String(r[PLAN.primaryKey]), { silent: true });
          return { id, message: t('parts.deleted') };
        }}
        onChanged={reload}
        extra={
          <Typography.Text type={planned === amount ? 'success' : 'warning'} data-testid="sc-plans-hint">
            {t('salesContract.plansHint', { planned: formatAmount(planned, ''), amount: formatAmount(amount, '') })}
          </Typography.Text>
        }
      />
      <RecordLineDialog
        docId={id}
        entity={PLAN.logicalName}
        parent="new_salescontract_id"
        fields={PLAN_FIELDS}
        testId="sc-plan-dialog"
        initial={next > 0 ? { new_amount: next.toFixed(2) } : {}}
        editing={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}

/**
 * /salescontract/create, /salescontract/create/:leadid (from a lead), /salescontract/create?opportunityid=
 * and ?quoteid= (prefilled by the server: customer, person, topic; a quote's or opportunity's lines are
 * copied when it is saved) and /salescontract/view/:id: the contract on the generic document page
 * (number XS<day>, approval) with its lines (合同明细) and payment plans (回款计划). While a draft or
 * rejected the contracting side changes it; the server refuses a plan above what the contract leaves
 * and a submit whose plans do not add up to the amount. Hooks: the document page's `sc-*`, the
 * dialogs `sc-line-dialog` / `sc-plan-dialog`, the plans tab `sc-plans` (`sc-tab-plans`).
 */
export default function SalesContractPage() {
  return (
    <QueryClientProvider client={documentQueries}>
      <ContractScreen />
    </QueryClientProvider>
  );
}

function ContractScreen() {
  const { id, leadid } = useParams();
  const [search] = useSearchParams();
  const t = useT();
  const can = usePrivilege();
  const opportunityid = search.get('opportunityid') ?? undefined;
  const quoteid = search.get('quoteid') ?? undefined;
  const source = !id ? (leadid ? { leadid } : opportunityid ? { opportunityid } : quoteid ? { quoteid } : null) : null;
  const [prefill, setPrefill] = useState<ContractPrefill | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const record = useDocumentRecord(CONTRACT.logicalName, id);
  const row = record.data;
  const editable = !!row && can('sales.write') && isApprovalEditable(row.new_approvalstatus);
  const lines = useLineDialog(LINE.logicalName, id, (docId, state) => (
    <RecordLineDialog
      docId={docId}
      entity={LINE.logicalName}
      parent="new_salescontract_id"
      fields={LINE_FIELDS}
      testId="sc-line-dialog"
      initial={{ new_qty: 1 }}
      {...state}
    />
  ));
  const key = source ? JSON.stringify(source) : '';

  useEffect(() => {
    if (!key) return;
    let live = true;
    const q = new URLSearchParams(JSON.parse(key) as Record<string, string>);
    apiGet<ContractPrefill>(`${SALES_CONTRACT_PREFILL}?${q}`, { silent: true }).then(
      (p) => live && setPrefill(p),
      (e: Error) => live && setFailed(e.message),
    );
    return () => {
      live = false;
    };
  }, [key]);

  if (source && failed) return <Alert type="error" showIcon title={failed} data-testid="sc-prefill-refused" />;
  if (source && !prefill) return <Spin data-testid="sc-prefill-loading" />;
  const given = prefill?.values ?? {};
  return (
    <>
      {prefill?.source && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('salesContract.from', { source: prefill.source })}
          data-testid="sc-source"
        />
      )}
      <DocumentPage
        entity={CONTRACT}
        testIdPrefix="sc"
        backTo="/salescontract/list"
        editPath={viewPath}
        defaults={() => startingValues(prefill)}
        hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
        // The source is fixed once the contract is made (the server refuses a change); a prefilled one is not chosen again.
        lockedFields={id ? SOURCES : SOURCES.filter((f) => given[f])}
        linesLabel="salesContract.linesTab"
        {...lines}
        extraTabs={
          id
            ? [
                {
                  key: 'plans',
                  label: <span data-testid="sc-tab-plans">{t('salesContract.plansTab')}</span>,
                  children: <PlansTab id={id} row={row} editable={editable} version={record.dataUpdatedAt} />,
                },
              ]
            : []
        }
      />
    </>
  );
}
