import { getEntity } from '@portal/model';
import { type ReactNode, useState } from 'react';
import { deleteRecord, type RecordRow } from '../../api/records.ts';
import { useT } from '../../locales/i18n.ts';

/** What a document's line dialog is given: the line edited ('new' to add one, null when closed) and how to end. */
export interface LineDialogState {
  editing: RecordRow | 'new' | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * A document page's lines edited through one dialog of the page's own: add and change open it,
 * delete goes through the record service. Spread the result into DocumentPage's props; `dialog`
 * renders the page's dialog for the document `id` (not called before the document exists).
 */
export function useLineDialog(lineEntity: string, id: string | undefined, dialog: (docId: string, state: LineDialogState) => ReactNode) {
  const t = useT();
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);
  const e = getEntity(lineEntity)!;
  return {
    lines: {
      onAdd: () => setLine('new'),
      onEdit: (r: RecordRow) => setLine(r),
      onDelete: async (r: RecordRow) => {
        await deleteRecord(e.entitySet, String(r[e.primaryKey]), { silent: true });
        return { id: id!, message: t('parts.deleted') };
      },
    },
    lineDialog: (reload: () => void) =>
      id &&
      dialog(id, {
        editing: line,
        onClose: () => setLine(null),
        onDone: () => {
          setLine(null);
          reload();
        },
      }),
  };
}
