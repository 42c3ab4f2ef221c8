import { FileTextOutlined, SolutionOutlined } from '@ant-design/icons';
import { getEntity, isClientField, opportunityState } from '@portal/model';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type RecordRow, updateRecord } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { documentKey, documentQueries } from '../../entity-ui/document/document-query.ts';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { useLineDialog } from '../../entity-ui/document/use-line-dialog.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { RecordLineDialog } from '../../entity-ui/document/RecordLineDialog.tsx';
import { StageBar } from './StageBar.tsx';

const OPPORTUNITY = getEntity('opportunity')!;
/** A new opportunity shows only what its salesman enters (value, state and close are the server's). */
const HIDDEN_ON_CREATE = Object.keys(OPPORTUNITY.allFields).filter((n) => !isClientField(OPPORTUNITY, n));
/** What closing wrote: shown once the opportunity is won or lost (an open one's header says 进行中). */
const CLOSE = OPPORTUNITY.forms.main.find((s) => s.key === 'close')!.fields;
const PRODUCT_FIELDS = ['productid', 'quantity', 'priceperunit'];
const COMPETITOR_FIELDS = ['new_name', 'new_threat', 'new_price', 'new_strengths', 'new_weaknesses'];
const QUOTE_WRITE = getEntity('quote')?.access?.write;
const CONTRACT_WRITE = getEntity('new_salescontract')?.access?.write;

/**
 * /opportunity/create and /opportunity/edit/:id: the opportunity on the generic document page with
 * its stage bar (a click moves an open one to that stage), its products (the estimated value is their
 * sum), its competitors, 赢单 / 输单 with their reason, and — while open — 创建报价 and 创建销售合同,
 * which open those pages prefilled from it. Closed, it is read-only. Hooks: the document page's
 * `opportunity-*`, `opportunity-stagebar`, `opportunity-tab-competitors`, `opportunity-line-dialog`,
 * `opportunity-competitor-dialog`.
 */
export default function OpportunityPage() {
  const { id } = useParams();
  const t = useT();
  const can = usePrivilege();
  const navigate = useNavigate();
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const products = useLineDialog('opportunityproduct', id, (docId, state) => (
    <RecordLineDialog
      entity="opportunityproduct"
      parent="opportunityid"
      fields={PRODUCT_FIELDS}
      initial={{ quantity: 1 }}
      docId={docId}
      testId="opportunity-line-dialog"
      {...state}
    />
  ));
  const competitors = useLineDialog('new_opportunitycompetitor', id, (docId, state) => (
    <RecordLineDialog
      entity="new_opportunitycompetitor"
      parent="new_opportunity_id"
      fields={COMPETITOR_FIELDS}
      docId={docId}
      testId="opportunity-competitor-dialog"
      {...state}
    />
  ));
  const open = row?.new_opportunitystate === opportunityState.open;
  const writer = can('sales.lead');
  const reload = () => void documentQueries.invalidateQueries({ queryKey: documentKey('opportunity', id) });
  const moveStage = async (stage: number) => {
    if (!id) return;
    try {
      await updateRecord(OPPORTUNITY.entitySet, id, { new_stage: stage }, { silent: true });
      reload();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };
  const prefill = (path: string) => `${path}?opportunityid=${encodeURIComponent(id ?? '')}`;
  return (
    <>
      {id && row && (
        <StageBar stage={Number(row.new_stage)} state={Number(row.new_opportunitystate)} onStage={writer && open ? moveStage : undefined} />
      )}
      <DocumentPage
        key={id ?? 'new'}
        entity={OPPORTUNITY}
        testIdPrefix="opportunity"
        backTo="/opportunity/list"
        editPath={(newId) => `/opportunity/edit/${encodeURIComponent(newId)}`}
        hiddenFields={id ? (row && !open ? undefined : CLOSE) : HIDDEN_ON_CREATE}
        readOnlyText="opportunity.readOnly"
        // The contact is one of the (saved) customer's; the server checks it on every write.
        lookupConditions={
          row?.new_customer_id ? { new_contact_id: [{ field: 'parentcustomerid', op: 'eq', value: row.new_customer_id }] } : undefined
        }
        linesLabel="opportunity.products"
        onLoaded={setRow}
        {...products}
        extraActions={() => [
          {
            key: 'quote',
            label: t('opportunity.createQuote'),
            icon: <FileTextOutlined />,
            hidden: !open || !QUOTE_WRITE || !can(QUOTE_WRITE),
            onClick: () => navigate(prefill('/quote/create')),
            testId: 'opportunity-create-quote',
          },
          {
            key: 'contract',
            label: t('opportunity.createContract'),
            icon: <SolutionOutlined />,
            hidden: !open || !CONTRACT_WRITE || !can(CONTRACT_WRITE),
            onClick: () => navigate(prefill('/salescontract/create')),
            testId: 'opportunity-create-contract',
          },
        ]}
        extraTabs={
          id
            ? [
                {
                  key: 'competitors',
                  label: <span data-testid="opportunity-tab-competitors">{t('opportunity.competitors')}</span>,
                  children: (
                    <>
                      <DocumentLines
                        entity="new_opportunitycompetitor"
                        parentField="new_opportunity_id"
                        parentId={id}
                        version={version}
                        editable={writer && open}
                        totals={false}
                        {...competitors.lines}
                        onChanged={() => setVersion((v) => v + 1)}
                      />
                      {competitors.lineDialog(() => setVersion((v) => v + 1))}
                    </>
                  ),
                },
              ]
            : undefined
        }
      />
    </>
  );
}
