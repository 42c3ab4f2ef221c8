import { AuditOutlined, CheckCircleOutlined, InboxOutlined, PrinterOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { getEntity, isClientField, partsReturnState, partsReturnVerify } from '@portal/model';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { confirmReturn, deleteReturnLine, writeOffReturn } from '../../api/parts-return.ts';
import type { RecordRow } from '../../api/records.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { num as numOrNull } from '../../entity-ui/document/num.ts';

const num = (v: unknown) => numOrNull(v) ?? 0;
import { DeliverDialog, PickOwedDialog, ReceiveDialog } from './PartsReturnDialogs.tsx';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';

const RETURN = getEntity('new_srv_partsreturn')!;
const LINE = getEntity('new_srv_partsreturndetail')!;
const S = partsReturnState;
const HIDDEN_ON_CREATE = Object.keys(RETURN.allFields).filter((n) => !isClientField(RETURN, n));
const LIST = '/partsReturn/list';

/** Which commands a return offers in a state: the station's while to be submitted, head office's after. */
export function returnButtons(
  state: number,
  verify: number,
  can: { station: boolean; headOffice: boolean },
): ('pick' | 'deliver' | 'receive' | 'confirm' | 'writeOff')[] {
  if (state === S.draft) return can.station ? ['pick', 'deliver'] : [];
  if (!can.headOffice) return [];
  if (state === S.delivered) return ['receive'];
  if (state === S.semiReceived) return ['receive', 'confirm'];
  if (state === S.received) return ['confirm'];
  if (state === S.confirmed && verify === partsReturnVerify.pending) return ['writeOff'];
  return [];
}

/**
 * /partsReturn/create and /partsReturn/edit/:id — old parts back to factory. A new return takes
 * contact and memo; saved, its lines come only from 选取待返旧件 (owed old parts of completed work
 * orders). The station delivers it (发货: logistics, freight); head office (expense.write) receives it
 * (签收, per line; semi received while partial), confirms it (确认) and writes it off (核销). 打印返厂清单
 * opens the printable list. Hooks: `pr-form`, `pr-state`, `pr-verify`, `pr-pick`, `pr-deliver`,
 * `pr-receive`, `pr-confirm`, `pr-writeoff`, `pr-print`, `pr-tab-lines`.
 */
export default function PartsReturnPage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const navigate = useNavigate();
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState<'pick' | 'deliver' | 'receive' | null>(null);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const state = num(row?.new_state) || S.draft;
  const verify = num(row?.new_verifystatus) || partsReturnVerify.pending;
  const draft = !!row && state === S.draft;
  const station = can('parts.write');
  const offered = id && row ? returnButtons(state, verify, { station, headOffice: can('expense.write') }) : [];

  const run = (title: string, content: string, call: () => Promise<{ message: string }>) =>
    confirm({
      title,
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          toast.success((await call()).message);
        } catch (err) {
          toast.error(err instanceof Error ? err.message : String(err));
        }
        refresh();
      },
    });

  const all: Record<string, ActionButton> = {
    deliver: {
      key: 'deliver',
      label: t('partsReturn.ui.deliver'),
      icon: <SendOutlined />,
      onClick: () => setDialog('deliver'),
      testId: 'pr-deliver',
    },
    receive: {
      key: 'receive',
      label: t('partsReturn.ui.receive'),
      icon: <InboxOutlined />,
      onClick: () => setDialog('receive'),
      testId: 'pr-receive',
    },
    confirm: {
      key: 'confirm',
      label: t('partsReturn.ui.confirm'),
      icon: <CheckCircleOutlined />,
      testId: 'pr-confirm',
      onClick: () => run(t('partsReturn.ui.confirm'), t('partsReturn.ui.confirmAsk'), () => confirmReturn(id!)),
    },
    writeOff: {
      key: 'writeOff',
      label: t('partsReturn.ui.writeOff'),
      icon: <AuditOutlined />,
      testId: 'pr-writeoff',
      onClick: () => run(t('partsReturn.ui.writeOff'), t('partsReturn.ui.writeOffAsk'), () => writeOffReturn(id!)),
    },
  };
  const actions: ActionButton[] = offered.filter((k) => k !== 'pick').map((k) => all[k]);
  if (id && row)
    actions.push({
      key: 'print',
      label: t('partsReturn.ui.print'),
      icon: <PrinterOutlined />,
      onClick: () => navigate(`/partsReturn/print/${encodeURIComponent(id)}`),
      testId: 'pr-print',
    });

  const title = id ? (
    <DocumentTitle testId="pr-header" label={RETURN.label[lang]} number={row?.new_name}>
      {row && <OptionTag set={partsReturnState} value={state} testId="pr-state" dataName="state" />}
      {row && <OptionTag set={partsReturnVerify} value={verify} testId="pr-verify" dataName="verify" />}
    </DocumentTitle>
  ) : undefined;

  const lines = {
    key: 'lines',
    label: <span data-testid="pr-tab-lines">{t('partsReturn.ui.lines')}</span>,
    children: (
      <DocumentLines
        entity={LINE.logicalName}
        parentField="new_partsreturn_id"
        parentId={id}
        version={version}
        editable={offered.includes('pick')}
        onDelete={(r) => deleteReturnLine(id!, String(r[LINE.primaryKey]))}
        onChanged={refresh}
        extra={
          offered.includes('pick') ? (
            <Button type="primary" icon={<UnorderedListOutlined />} onClick={() => setDialog('pick')} data-testid="pr-pick">
              {t('partsReturn.ui.pick')}
            </Button>
          ) : undefined
        }
      />
    ),
  };

  const done = () => {
    setDialog(null);
    refresh();
  };
  return (
    <div data-testid="pr-form" data-state={row ? state : undefined}>
      <EntityFormPage
        entity={RETURN.logicalName}
        id={id}
        backTo={LIST}
        editPath={(x) => `/partsReturn/edit/${encodeURIComponent(x)}`}
        title={title}
        hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
        canWrite={id ? station && draft : undefined}
        allowDelete={draft}
        actions={actions}
        extraTabs={[lines]}
        onLoaded={setRow}
        reloadSignal={version}
      />
      {id && (
        <>
          <PickOwedDialog open={dialog === 'pick'} id={id} onClose={() => setDialog(null)} onDone={done} />
          <DeliverDialog open={dialog === 'deliver'} id={id} onClose={() => setDialog(null)} onDone={done} />
          <ReceiveDialog open={dialog === 'receive'} id={id} onClose={() => setDialog(null)} onDone={done} />
        </>
      )}
    </div>
  );
}
