import { getEntity } from '@portal/model';
import { useState } from 'react';
import { deleteRecord, type RecordRow } from '../../api/records.ts';
import { useT } from '../../locales/i18n.ts';
import { FundLineDialog, type FundLineKind } from './FundLineDialog.tsx';

/**
 * The cost lines of a fund document on its document page (an activity's 费用明细, a claim's 实际费用):
 * add, change and delete through one line dialog. Spread the result into DocumentPage's props.
 */
export function useFundLines(kind: FundLineKind, id: string | undefined) {
  const t = useT();
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);
  const lineEntity = getEntity(kind.entity)!;
  return {
    lines: {
      onAdd: () => setLine('new'),
      onEdit: (r: RecordRow) => setLine(r),
      onDelete: async (r: RecordRow) => {
        await deleteRecord(lineEntity.entitySet, String(r[lineEntity.primaryKey]), { silent: true });
        return { id: id!, message: t('parts.deleted') };
      },
    },
    lineDialog: (reload: () => void) =>
      id && (
        <FundLineDialog
          kind={kind}
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
