import { getEntity, isClientField, warehouseType } from '@portal/model';
import { Form } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { LookupCondition } from '../../api/lookup.ts';
import { createRecord, deleteRecord, updateRecord, type RecordRow } from '../../api/records.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { FieldItem, inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { toFormValues, toPayload } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { forDialog } from '../parts/dialog-answer.ts';

interface Kind {
  entity: string;
  line: string;
  parent: string;
  /** Test ids' prefix: `rk-*` (stock-in), `ck-*` (stock-out). */
  prefix: 'rk' | 'ck';
  list: string;
  view: (id: string) => string;
}

const IN: Kind = {
  entity: 'new_stockin',
  line: 'new_stockindetail',
  parent: 'new_stockin_id',
  prefix: 'rk',
  list: '/stockinorder/list',
  view: (id) => `/stockinorder/view/${encodeURIComponent(id)}`,
};
const OUT: Kind = {
  entity: 'new_stockout',
  line: 'new_stockoutdetail',
  parent: 'new_stockout_id',
  prefix: 'ck',
  list: '/stockoutorder/list',
  view: (id) => `/stockoutorder/view/${encodeURIComponent(id)}`,
};

/** The warehouse dialog offers dealers' and stores' warehouses (the server offers only the caller's and refuses the rest). */
const CONDITIONS: Record<string, LookupCondition[]> = {
  new_warehouse_id: [{ field: 'new_type', op: 'in', value: [warehouseType.dealer, warehouseType.store] }],
};
const LINE_FIELDS = ['new_product_id', 'new_qty', 'new_price', 'new_memo'];
/** A new document shows only what a user enters (number, state, totals and stamps are the server's). */
const hiddenOnCreate = (entity: string) => {
  const e = getEntity(entity)!;
  return Object.keys(e.allFields).filter((n) => !isClientField(e, n));
};
const HIDDEN = { new_stockin: hiddenOnCreate(IN.entity), new_stockout: hiddenOnCreate(OUT.entity) };

interface LineDialogProps {
  kind: Kind;
  docId: string;
  /** The line edited, 'new' to add one, null when closed. */
  editing: RecordRow | 'new' | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Add or change one line (product, quantity, unit price, memo) through the record service; the server
 * refuses it unless the document is a draft, and a quantity that is not a whole number 1–99,999 at
 * its field. Hooks: `<prefix>-line-dialog` (`-ok`, `-error`), fields `field-<name>`.
 */
function LineDialog(props: LineDialogProps) {
  const e = getEntity(props.kind.line)!;
  const key = props.editing === null ? 'closed' : props.editing === 'new' ? 'new' : String(props.editing[e.primaryKey]);
  // A fresh form for each line opened: what was typed into another does not carry over.
  return <LineForm key={key} {...props} />;
}

function LineForm({ kind, docId, editing, onClose, onDone }: LineDialogProps) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Record<string, unknown>>();
  const e = getEntity(kind.line)!;
  const row = editing && editing !== 'new' ? editing : null;
  const initial = row ? toFormValues(e, row, LINE_FIELDS) : { new_qty: 1 };
  const send = (v: Record<string, unknown>) => {
    const body = toPayload(e, v, LINE_FIELDS, !row);
    const done = row
      ? updateRecord(e.entitySet, String(row[e.primaryKey]), body, { silent: true }).then(() => ({ id: docId, message: t('parts.saved') }))
      : createRecord(e.entitySet, { ...body, [kind.parent]: docId }, { silent: true }).then(() => ({
          id: docId,
          message: t('parts.added'),
        }));
    return forDialog(done);
  };
  return (
    <CommandDialog<Record<string, unknown>>
      open={editing !== null}
      title={`${row ? t('parts.ui.lineEdit') : t('parts.ui.lineAdd')} · ${e.label[lang]}`}
      testId={`${kind.prefix}-line-dialog`}
      form={form}
      initialValues={initial}
      onClose={onClose}
      onDone={onDone}
      send={send}
    >
      {LINE_FIELDS.map((name) => {
        const f = e.allFields[name];
        return (
          <FieldItem key={name} name={name} label={f.label[lang]} required={!!f.required} rules={rulesFor(f, lang, t)}>
            {inputFor(e, name, f, lang, t, false)}
          </FieldItem>
        );
      })}
    </CommandDialog>
  );
}

/**
 * /stockinorder/create, /stockinorder/view/:id (and the stock-out's): a dealer's or store's stock-in
 * or stock-out on the generic document page (its declaration: number, status, lines with totals,
 * 确认). While a draft the header, its lines and delete are open; 确认 posts it to the stock ledger
 * (a stock-out beyond what is available is refused, naming the product and the available quantity,
 * shown at `<prefix>-refusal`); a confirmed one is read-only. Hooks: the document page's `rk-*` / `ck-*`.
 */
function StockDocumentPage({ kind }: { kind: Kind }) {
  const { id } = useParams();
  const t = useT();
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);
  const e = getEntity(kind.line)!;
  return (
    <DocumentPage
      entity={kind.entity}
      testIdPrefix={kind.prefix}
      backTo={kind.list}
      editPath={kind.view}
      hiddenFields={id ? undefined : HIDDEN[kind.entity as keyof typeof HIDDEN]}
      lookupConditions={CONDITIONS}
      readOnlyText="stockInOut.readOnly"
      lines={{
        onAdd: () => setLine('new'),
        onEdit: (r) => setLine(r),
        onDelete: async (r) => {
          await deleteRecord(e.entitySet, String(r[e.primaryKey]), { silent: true });
          return { id: id!, message: t('parts.deleted') };
        },
      }}
      lineDialog={(reload) =>
        id && (
          <LineDialog
            kind={kind}
            docId={id}
            editing={line}
            onClose={() => setLine(null)}
            onDone={() => {
              setLine(null);
              reload();
            }}
          />
        )
      }
    />
  );
}

export const StockInPage = () => <StockDocumentPage kind={IN} />;
export const StockOutPage = () => <StockDocumentPage kind={OUT} />;
