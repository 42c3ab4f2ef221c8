import { getEntity } from '@portal/model';
import { useState } from 'react';
import { deleteRequestLine } from '../../api/parts.ts';
import type { RecordRow } from '../../api/records.ts';
import type { CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { CloseDialog } from './CloseDialog.tsx';
import type { RequestDocument } from './request-documents.ts';
import { RequestLineDialog } from './RequestLineDialog.tsx';

/*
 * What an application's and a transfer's screens add to the generic document page: the lines'
 * commands with their dialog (part, quantity, memo and the part's stock), and 关闭 with its reason.
 */

/** The lines tab's add / edit / delete through the document's line commands, and the line dialog they open. */
export function useRequestLines(doc: RequestDocument, id: string | undefined) {
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);
  const key = getEntity(doc.lineEntity)!.primaryKey;
  return {
    lines: {
      onAdd: () => setLine('new'),
      onEdit: (r: RecordRow) => setLine(r),
      onDelete: (r: RecordRow) => deleteRequestLine(doc.kind, id!, String(r[key])),
    },
    lineDialog: (reload: () => void) =>
      id && (
        <RequestLineDialog
          doc={doc}
          docId={id}
          editing={line}
          onClose={() => setLine(null)}
          onDone={() => {
            setLine(null);
            reload();
          }}
        />
      ),
  };
}

/** 关闭 as the page's dialog of the declared close command (a reason; the server releases what is reserved). */
export const closeSlot =
  (doc: RequestDocument): CommandSlot =>
  ({ id, open, onClose, onDone }) => <CloseDialog doc={doc} docId={id} open={open} onClose={onClose} onDone={onDone} />;

/**
 * The page's say on the declared commands beyond their privileges (the server checks it all again):
 * 关闭 while the document is still open for delivery; 修改审批数量 to the current step's approver.
 */
export const requestMayRun =
  (doc: RequestDocument, userId: string) =>
  (command: string, _grant: unknown, row: RecordRow): boolean =>
    command === 'close' ? doc.closable(row) : String(row.new_stepuser_id ?? '').toLowerCase() === userId.toLowerCase();
