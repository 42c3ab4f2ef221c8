import {
  accountMoveKind,
  accountStatementState,
  businessUnitType,
  disputeAnswer,
  formatChinaDate,
  formatChinaDateTime,
  formatDeadline,
  formatMoney,
  getEntity,
  statementDetailRoute,
  type StatementHeader,
} from '@portal/model';
import { Alert, Button, Result, Space, Spin, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { runCommand } from '../../api/command.ts';
import { retrieveMultiple, retrieveRecord } from '../../api/records.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { confirmCommand } from '../../widgets/confirm-command.ts';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { AnswerDialog, DisputeDialog } from './CheckDialogs.tsx';
import { statementHeader } from './statement-api.ts';
import { type DisputeRow, StatementFigures } from './statement-parts.tsx';

const STATEMENT = getEntity('new_accountstatement')!;
const DISPUTE = getEntity('new_accountdispute')!;

/**
 * /accountcheckorder/detail?id=<statement> — the reconciliation of a statement: its figures and
 * state (with the dealer's deadline while it waits for the dealer), the disputed lines with the
 * dealer's figures and head office's answers. The dealer's own users confirm (确认对账) or dispute
 * lines (提出异议) while it is theirs to answer; head-office finance answers the pending lines
 * (答复异议: adjust by an amount or reject, each with its reason). Confirmed is frozen. The server
 * decides every step; the buttons only follow its state. Hooks `ac-*`.
 */
export default function AccountCheckPage() {
  const [query] = useSearchParams();
  const id = query.get('id') ?? '';
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const dealer = useSession((s) => s.user.unitType) === businessUnitType.dealer;
  const [header, setHeader] = useState<StatementHeader | null | undefined>(undefined);
  const [lines, setLines] = useState<DisputeRow[]>([]);
  const [error, setError] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'dispute' | 'answer' | null>(null);

  const load = useCallback(async () => {
    try {
      const row = await retrieveRecord(STATEMENT.entitySet, id, ['new_unit_id', 'new_month'], { silent: true });
      const h = await statementHeader(String(row.new_unit_id ?? ''), String(row.new_month ?? ''));
      const { rows } = await retrieveMultiple(
        DISPUTE.entitySet,
        { filter: `new_statement_id eq ${id}`, orderby: 'createdon asc', top: 500 },
        { silent: true },
      );
      setHeader(h);
      setLines(rows as DisputeRow[]);
    } catch (e) {
      setHeader(null);
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [id]);
  useEffect(() => {
    setHeader(undefined);
    void load();
  }, [load]);

  if (header === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (header === null)
    return (
      <Result
        status="404"
        title={error || t('error.notFound')}
        extra={<Link to="/accountcheckorder/list">{t('menu.accountChecks')}</Link>}
      />
    );

  const s = accountStatementState;
  const dealerTurn = dealer && can('sales.write') && (header.state === s.toConfirm || header.state === s.answered);
  const hqTurn = can('finance.manage') && header.state === s.disputed && header.pending > 0;
  const confirm = () =>
    confirmCommand(t, {
      title: t('statement.confirm'),
      content: t('statement.confirmAsk'),
      run: () => runCommand(STATEMENT, id, 'confirm', {}, { silent: true }),
      refused: setRefusal,
      after: () => void load(),
    });

  const money = (f: string) => ({
    key: f,
    title: DISPUTE.allFields[f].label[lang],
    align: 'right' as const,
    width: 120,
    render: (_: unknown, r: DisputeRow) => <span data-col={f}>{formatMoney(r[f] as string | null)}</span>,
  });
  const columns: TableColumnsType<DisputeRow> = [
    {
      key: 'doc',
      title: DISPUTE.allFields.new_name.label[lang],
      render: (_: unknown, r) => {
        const move = typeof r.new_move_id === 'string' ? r.new_move_id : '';
        return (
          <Space size={4} wrap>
            <span>{String(r.new_name ?? '')}</span>
            {move && r.new_kind != null && <OptionTag set={accountMoveKind} value={r.new_kind} dataName="kind" />}
          </Space>
        );
      },
    },
    { key: 'date', dataIndex: 'new_date', title: DISPUTE.allFields.new_date.label[lang], width: 110 },
    money('new_ouramount'),
    money('new_theiramount'),
    money('new_difference'),
    { key: 'reason', dataIndex: 'new_reason', title: DISPUTE.allFields.new_reason.label[lang] },
    {
      key: 'answer',
      title: DISPUTE.allFields.new_answer.label[lang],
      width: 100,
      render: (_: unknown, r) => <OptionTag set={disputeAnswer} value={r.new_answer} testId="ac-line-answer" dataName="answer" />,
    },
    money('new_adjustamount'),
    { key: 'answerReason', dataIndex: 'new_answerreason', title: DISPUTE.allFields.new_answerreason.label[lang] },
  ];

  const status = (() => {
    if (header.state === s.confirmed)
      return <Alert type="success" showIcon message={t('statement.check.frozen')} data-testid="ac-frozen" />;
    if (header.state === s.disputed) return <Alert type="warning" showIcon message={t('statement.check.waitingHq')} />;
    return header.deadline ? (
      <Alert
        type="info"
        showIcon
        message={t('statement.check.windowOpen', { deadline: formatDeadline(header.deadline) })}
        data-testid="ac-window"
      />
    ) : null;
  })();
  const adjusted = lines.find((l) => l.new_answer === disputeAnswer.adjusted);
  return (
    <div data-testid="ac-page" data-state={header.state} data-name={header.name} data-pending={header.pending}>
      <PageTitle
        extra={
          <Space wrap>
            <Link to={statementDetailRoute(header.unitId, header.month)} data-testid="ac-statement">
              <Button>{t('statement.check.openStatement')}</Button>
            </Link>
            {dealerTurn && (
              <>
                <Button onClick={() => setDialog('dispute')} data-testid="ac-dispute">
                  {t('statement.dispute')}
                </Button>
                <Button type="primary" onClick={confirm} data-testid="ac-confirm">
                  {t('statement.confirm')}
                </Button>
              </>
            )}
            {hqTurn && (
              <Button type="primary" onClick={() => setDialog('answer')} data-testid="ac-answer">
                {t('statement.answer')}
              </Button>
            )}
          </Space>
        }
      >
        {t('statement.check.title')} <span data-testid="ac-name">{header.name}</span>{' '}
        <OptionTag set={accountStatementState} value={header.state} testId="ac-state" />
      </PageTitle>
      <p>
        {header.dealer} · {header.from} ~ {header.to}
        {header.confirmedOn && ` · ${t('statement.confirmedOn')} ${formatChinaDateTime(header.confirmedOn)}（${header.confirmWayText}）`}
      </p>
      {status}
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginTop: 8 }} data-testid="ac-refusal" />}
      <h3 style={{ marginTop: 16 }}>{t('statement.check.figures')}</h3>
      <StatementFigures header={header} />
      <h3 style={{ marginTop: 16 }}>{t('statement.check.disputes')}</h3>
      {adjusted && (
        <p style={{ color: 'rgba(0,0,0,0.55)' }} data-testid="ac-adjust-note">
          {t('statement.adjustNote', { date: formatChinaDate(adjusted.new_answeredon as string | null) })}
        </p>
      )}
      <ResponsiveTable<DisputeRow>
        card={{
          title: 'doc',
          tags: ['answer'],
          fields: ['new_ouramount', 'new_theiramount', 'reason', 'new_adjustamount', 'answerReason'],
        }}
        rowKey="new_accountdisputeid"
        size="small"
        columns={columns}
        dataSource={lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) =>
          ({
            'data-testid': 'ac-line',
            'data-answer': r.new_answer,
            'data-move': r.new_move_id ?? '',
            'data-adjust-move': r.new_adjustmove_id ?? '',
          }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: <div className="list-empty">{t('statement.check.noDisputes')}</div> }}
      />
      <DisputeDialog
        open={dialog === 'dispute'}
        header={header}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          void load();
        }}
      />
      <AnswerDialog
        open={dialog === 'answer'}
        statementId={id}
        lines={lines.filter((l) => l.new_answer === disputeAnswer.pending)}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          void load();
        }}
      />
    </div>
  );
}
