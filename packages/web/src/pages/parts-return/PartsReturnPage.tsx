import { UnorderedListOutlined } from '@ant-design/icons';
import { getEntity, isClientField, partsReturnState, partsReturnVerify } from '@portal/model';
import { Button } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { deleteReturnLine } from '../../api/parts-return.ts';
import type { RecordRow } from '../../api/records.ts';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { documentKey, documentQueries } from '../../entity-ui/document/document-query.ts';
import { num } from '../../entity-ui/document/num.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { DeliverDialog, PickOwedDialog, ReceiveDialog } from './PartsReturnDialogs.tsx';

const RETURN = getEntity('new_srv_partsreturn')!;
const LINE = getEntity('new_srv_partsreturndetail')!;
/** A new return takes contact, phone and memo; the rest is the server's. */
const HIDDEN_ON_CREATE = Object.keys(RETURN.allFields).filter((n) => !isClientField(RETURN, n));
const verifyOf = (r: RecordRow) => num(r.new_verifystatus) ?? partsReturnVerify.pending;

/**
 * /partsReturn/create and /partsReturn/edit/:id — old parts back to factory, on the generic document
 * page (its declaration: number, state, deliver/receive/confirm/writeoff, the printed return list).
 * Saved, its lines come only from 选取待返旧件 (owed old parts of completed work orders). The station
 * delivers it (发货: logistics, freight); head office (expense.write) receives it (签收, per line),
 * confirms it and writes it off while pending. Hooks: `pr-form`, `pr-state`, `pr-verify`, `pr-pick`,
 * `pr-deliver`, `pr-receive`, `pr-confirm`, `pr-writeoff`, `pr-print`, `pr-tab-lines`.
 */
export default function PartsReturnPage() {
  const { id } = useParams();
  const t = useT();
  const can = usePrivilege();
  const [row, setRow] = useState<RecordRow | null>(null);
  // The lines are read again whenever the document is (after a command, a pick or a deleted line).
  const [version, setVersion] = useState(0);
  const [picking, setPicking] = useState(false);
  const reload = () => void documentQueries.invalidateQueries({ queryKey: documentKey(RETURN.logicalName, id) });
  const pick = !!row && num(row.new_state) === partsReturnState.draft && can('parts.write');

  const lines = id && {
    key: 'lines',
    label: <span data-testid="pr-tab-lines">{t('partsReturn.ui.lines')}</span>,
    children: (
      <DocumentLines
        entity={LINE.logicalName}
        parentField="new_partsreturn_id"
        parentId={id}
        version={version}
        editable={pick}
        onDelete={(r) => deleteReturnLine(id, String(r[LINE.primaryKey]))}
        onChanged={reload}
        extra={
          pick && (
            <Button type="primary" icon={<UnorderedListOutlined />} onClick={() => setPicking(true)} data-testid="pr-pick">
              {t('partsReturn.ui.pick')}
            </Button>
          )
        }
      />
    ),
  };

  return (
    <DocumentPage
      entity={RETURN.logicalName}
      testIdPrefix="pr"
      backTo="/partsReturn/list"
      editPath={(x) => `/partsReturn/edit/${encodeURIComponent(x)}`}
      hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
      // Head office has no station of its own: receiving, confirming and writing off are its (the server checks too).
      mayRun={(name, _, r) =>
        name === 'deliver' || (can('expense.write') && (name !== 'writeoff' || verifyOf(r) === partsReturnVerify.pending))
      }
      commandDialogs={{ deliver: DeliverDialog, receive: ReceiveDialog }}
      extraTags={(r) => <OptionTag set={partsReturnVerify} value={verifyOf(r)} testId="pr-verify" dataName="verify" />}
      ownLinesTab={lines || undefined}
      lineDialog={(done) =>
        id && (
          <PickOwedDialog
            open={picking}
            id={id}
            onClose={() => setPicking(false)}
            onDone={() => {
              setPicking(false);
              done();
            }}
          />
        )
      }
      onLoaded={(r) => {
        setRow(r);
        setVersion((v) => v + 1);
      }}
    />
  );
}
