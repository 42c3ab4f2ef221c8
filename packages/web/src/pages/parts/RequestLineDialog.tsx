import { getEntity } from '@portal/model';
import { Form } from 'antd';
import { addRequestLine, updateRequestLine } from '../../api/parts.ts';
import type { RecordRow } from '../../api/records.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { forDialog } from './dialog-answer.ts';
import { LineFields, lineBody, lineValues, type LineValues } from './LineFields.tsx';
import { LineStockHint } from './LineStockHint.tsx';
import type { RequestDocument } from './request-documents.ts';

/**
 * Add or edit one line of an application or a transfer (part, quantity, memo) through the
 * document's line commands, with the chosen part's stock and any shortfall below the fields. Hooks:
 * `doc-line-dialog` (`-ok`, `-cancel`, `-error`), fields `doc-line-part`, `doc-line-qty`, `doc-line-memo`,
 * `doc-line-stock`.
 */
export function RequestLineDialog({
  doc,
  docId,
  editing,
  onClose,
  onDone,
}: {
  doc: RequestDocument;
  docId: string;
  /** The line edited, 'new' to add one, null when closed. */
  editing: RecordRow | 'new' | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<LineValues>();
  const e = getEntity(doc.lineEntity)!;
  const creating = editing === 'new';
  const row = editing && editing !== 'new' ? editing : null;
  return (
    <CommandDialog<LineValues>
      open={editing !== null}
      title={`${creating ? t('parts.ui.lineAdd') : t('parts.ui.lineEdit')} · ${e.label[lang]}`}
      testId="doc-line-dialog"
      form={form}
      initialValues={lineValues(doc.lineEntity, row)}
      onClose={onClose}
      onDone={onDone}
      send={(v) =>
        forDialog(
          creating
            ? addRequestLine(doc.kind, docId, lineBody(v, true) as { productId: string; qty: number; memo: string })
            : updateRequestLine(doc.kind, docId, String(row![e.primaryKey]), lineBody(v, true)),
        )
      }
    >
      <LineFields entity={doc.lineEntity} prefix="doc-line" />
      <LineStockHint kind={doc.kind} docId={docId} form={form} />
    </CommandDialog>
  );
}
