import {
  accountCheckRoute,
  accountMoveKind,
  accountStatementState,
  formatChinaDateTime,
  formatDeadline,
  formatMoney,
  statementPdfPath,
  statementPrintRoute,
  statementXlsxPath,
  type StatementHeader,
  type StatementLine,
} from '@portal/model';
import { Alert, Button, Descriptions, Result, Space, Spin, Tag, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/envelope.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useT } from '../../locales/i18n.ts';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { download, statementHeader, statementLines } from './statement-api.ts';
import { documentLink, StatementFigures } from './statement-parts.tsx';

/**
 * /accountstatementDetail/:id/:date/detail — dealer `:id`'s statement for month `:date` (YYYY-MM):
 * number, dealer, period, state and its deadline or confirmation, the figures (opening … closing),
 * then the lines oldest first with debit, credit and the running balance, each linking to its
 * document, 50 at a time (加载更多 reads the next page after the last line shown). 打印 opens the
 * print view; PDF and Excel are the server's files; 对账确认 opens the reconciliation.
 */
export default function AccountStatementPage() {
  const { id: unit = '', date: month = '' } = useParams();
  const t = useT();
  const [header, setHeader] = useState<StatementHeader | null | undefined>(undefined);
  const [error, setError] = useState('');
  const [lines, setLines] = useState<StatementLine[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);

  const more = useCallback(
    async (after: string | null) => {
      setLoading(true);
      try {
        const page = await statementLines(unit, month, after);
        setLines((old) => (after ? [...old, ...page.lines] : page.lines));
        setNext(page.next);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setLoading(false);
      }
    },
    [unit, month],
  );

  useEffect(() => {
    let live = true;
    setHeader(undefined);
    setLines([]);
    setError('');
    statementHeader(unit, month).then(
      (h) => {
        if (!live) return;
        setHeader(h);
        void more(null);
      },
      (e) => live && (setHeader(null), setError(e instanceof ApiError || e instanceof Error ? e.message : String(e))),
    );
    return () => {
      live = false;
    };
  }, [unit, month, more]);

  if (header === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (header === null)
    return (
      <Result
        status="404"
        title={error || t('error.notFound')}
        extra={<Link to="/accountstatementlist/list">{t('statement.backToList')}</Link>}
        data-testid="st-missing"
      />
    );

  const file = async (kind: 'pdf' | 'xlsx') => {
    setBusy(kind);
    try {
      await download(kind === 'pdf' ? statementPdfPath(unit, month) : statementXlsxPath(unit, month), `${header.name}.${kind}`);
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(null);
    }
  };

  const amount = (key: 'debit' | 'credit' | 'balance', title: string) => ({
    key,
    title,
    align: 'right' as const,
    width: 130,
    render: (_: unknown, l: StatementLine) => <span data-col={key}>{l[key] === '' ? '' : formatMoney(l[key])}</span>,
  });
  const columns: TableColumnsType<StatementLine> = [
    { key: 'date', dataIndex: 'date', title: t('statement.col.date'), width: 110 },
    {
      key: 'kind',
      title: t('statement.col.kind'),
      width: 150,
      render: (_: unknown, l) => (
        <Space size={4} wrap>
          <OptionTag set={accountMoveKind} value={l.kind} dataName="kind" />
          {l.late && <Tag data-testid="st-line-late">{t('statement.lateTag')}</Tag>}
          {l.disputed && (
            <Tag color="orange" data-testid="st-line-disputed">
              {t('statement.disputedTag')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'doc',
      title: t('statement.col.doc'),
      width: 190,
      render: (_: unknown, l) => {
        const to = documentLink(l.docEntity, l.docId);
        return to ? (
          <Link to={to} data-testid="st-line-doc">
            {l.docName}
          </Link>
        ) : (
          l.docName
        );
      },
    },
    { key: 'remark', dataIndex: 'remark', title: t('statement.col.remark') },
    amount('debit', t('statement.col.debit')),
    amount('credit', t('statement.col.credit')),
    amount('balance', t('statement.col.balance')),
  ];

  const waiting = header.state === accountStatementState.toConfirm || header.state === accountStatementState.answered;
  return (
    <div data-testid="st-detail" data-state={header.state} data-name={header.name}>
      <PageTitle
        extra={
          <Space wrap>
            <Link to={statementPrintRoute(unit, month)} data-testid="st-print">
              <Button>{t('statement.print')}</Button>
            </Link>
            <Button onClick={() => file('pdf')} loading={busy === 'pdf'} data-testid="st-pdf">
              {t('statement.pdf')}
            </Button>
            <Button onClick={() => file('xlsx')} loading={busy === 'xlsx'} data-testid="st-xlsx">
              {t('statement.excel')}
            </Button>
            <Link to={accountCheckRoute(header.id)} data-testid="st-reconcile">
              <Button type="primary">{t('statement.reconcile')}</Button>
            </Link>
          </Space>
        }
      >
        {t('statement.title')} <span data-testid="st-name">{header.name}</span>{' '}
        <OptionTag set={accountStatementState} value={header.state} testId="st-state" />
      </PageTitle>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'dealer', label: t('statement.dealer'), children: header.dealer },
          { key: 'period', label: t('statement.period'), children: `${header.from} ~ ${header.to}` },
          ...(waiting && header.deadline
            ? [
                {
                  key: 'deadline',
                  label: t('statement.deadline'),
                  children: <span data-testid="st-deadline">{formatDeadline(header.deadline)}</span>,
                },
              ]
            : []),
          ...(header.confirmedOn
            ? [
                {
                  key: 'confirmed',
                  label: t('statement.confirmedOn'),
                  children: `${formatChinaDateTime(header.confirmedOn)}（${header.confirmWayText}）`,
                },
              ]
            : []),
        ]}
      />
      <StatementFigures header={header} />
      <h3 style={{ marginTop: 16 }}>{t('statement.lines')}</h3>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} />}
      <ResponsiveTable<StatementLine>
        card={{ title: 'doc', fields: ['date', 'debit', 'credit', 'balance'] }}
        rowKey="moveId"
        size="small"
        columns={columns}
        dataSource={lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(l) =>
          ({
            'data-testid': 'st-line',
            'data-move': l.moveId,
            'data-amount': l.amount,
            'data-balance': l.balance,
          }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: loading ? null : <div className="list-empty">{t('statement.noLines')}</div> }}
      />
      <div style={{ textAlign: 'center', margin: '12px 0' }} data-testid="st-lines" data-count={lines.length} data-more={next ? 1 : 0}>
        {next && (
          <Button onClick={() => more(next)} loading={loading} data-testid="st-more">
            {t('statement.loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}
