import { SettingOutlined, SolutionOutlined } from '@ant-design/icons';
import { getEntity, isClientField, quoteState } from '@portal/model';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { displayValue, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { RecordLineDialog } from '../../entity-ui/document/RecordLineDialog.tsx';
import { useLineDialog } from '../../entity-ui/document/use-line-dialog.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { todayUtc8 } from '../../shared/date.ts';

const QUOTE = getEntity('quote')!;
const LINE = getEntity('quotedetail')!;
const CONTRACT_WRITE = getEntity('new_salescontract')?.access?.write;
/** A catalogue line: product, quantity, one of the two discounts, remark (its prices are the server's). */
const LINE_FIELDS = ['productid', 'quantity', 'new_discountrate', 'manualdiscountamount', 'new_remark'];
/** A configured line's product is the configurator's. */
const CONFIGURED_FIELDS = LINE_FIELDS.filter((f) => f !== 'productid');
/** A new quote shows only what its maker enters (number, revision, price list, totals and states are the server's). */
const HIDDEN_ON_CREATE = Object.keys(QUOTE.allFields).filter((n) => !isClientField(QUOTE, n));

/** Today and 30 days on (China time, as the form's date pickers hold them): a quote's usual validity. */
function validity() {
  const today = todayUtc8();
  return { effectivefrom: today, effectiveto: today.add(30, 'day') };
}

/**
 * A new quote from an opportunity (`/quote/create?opportunityid=`): its customer and topic, the
 * opportunity itself (the server adds its product lines). Undefined while loading; an opportunity the
 * caller cannot read starts an empty quote.
 */
function useOpportunityDefaults(opportunityId: string | null): Record<string, unknown> | undefined {
  const [defaults, setDefaults] = useState<Record<string, unknown> | undefined>(opportunityId ? undefined : {});
  useEffect(() => {
    if (!opportunityId) return setDefaults({});
    let live = true;
    retrieveRecord('opportunities', opportunityId, ['opportunityid', 'name', 'new_customer_id'], { silent: true, formatted: true })
      .then((o: RecordRow) => {
        if (!live) return;
        setDefaults({
          opportunityid: { id: opportunityId, name: String(o.name ?? '') },
          ...(o.new_customer_id ? { new_customer_id: { id: String(o.new_customer_id), name: displayValue(o, 'new_customer_id') } } : {}),
          new_subject: String(o.name ?? ''),
        });
      })
      .catch(() => live && setDefaults({}));
    return () => {
      live = false;
    };
  }, [opportunityId]);
  return defaults;
}

/**
 * /quote/create and /quote/view/:id: the quote on the generic document page (its declaration: number
 * QT<month> and revision, state, lines with their totals, the commands 重新计价 · 生效 · 修订 · 赢单 ·
 * 转销售订单 · 关闭（输单）and the print view). A new quote starts with a 30-day validity, or from an
 * opportunity; while a draft its lines are added and changed in the line dialog, and a configured
 * product is added through the configurator (配置产品, /quotationconfig/create/:quoteId); revise and
 * convert open what they made; an active or won quote opens a contract made from it (签订合同,
 * /salescontract/create?quoteid=). Hooks: the document page's `quote-*`.
 */
export default function QuotePage() {
  const { id } = useParams();
  const [query] = useSearchParams();
  const t = useT();
  const navigate = useNavigate();
  const can = usePrivilege();
  const fromOpportunity = useOpportunityDefaults(id ? null : query.get('opportunityid'));
  // A catalogue line: product, quantity, discounts; a configured line's product is the configurator's.
  const quoteLines = useLineDialog(LINE.logicalName, id, (docId, state) => (
    <RecordLineDialog
      entity={LINE.logicalName}
      parent="quoteid"
      fields={state.editing && state.editing !== 'new' && state.editing.new_cpqquote_id ? CONFIGURED_FIELDS : LINE_FIELDS}
      required={['productid']}
      initial={{ quantity: 1 }}
      docId={docId}
      testId="quote-line-dialog"
      {...state}
    />
  ));
  if (!id && fromOpportunity === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <DocumentPage
      key={id ?? 'new'}
      entity={QUOTE}
      testIdPrefix="quote"
      backTo="/quote/list"
      readOnlyText="quote.readOnly"
      editPath={(newId) => `/quote/view/${encodeURIComponent(newId)}`}
      defaults={() => ({ ...validity(), ...fromOpportunity })}
      hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
      extraActions={(row) => [
        {
          key: 'configure',
          label: t('quote.configure'),
          icon: <SettingOutlined />,
          hidden: row.new_status !== quoteState.draft || !can('sales.write'),
          onClick: () => navigate(`/quotationconfig/create/${encodeURIComponent(id ?? '')}`),
          testId: 'quote-configure',
        },
        {
          key: 'contract',
          label: t('quote.createContract'),
          icon: <SolutionOutlined />,
          hidden: (row.new_status !== quoteState.active && row.new_status !== quoteState.won) || !CONTRACT_WRITE || !can(CONTRACT_WRITE),
          onClick: () => navigate(`/salescontract/create?quoteid=${encodeURIComponent(id ?? '')}`),
          testId: 'quote-create-contract',
        },
      ]}
      {...quoteLines}
    />
  );
}
