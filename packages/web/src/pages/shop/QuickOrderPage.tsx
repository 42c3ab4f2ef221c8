import {
  CheckCircleOutlined,
  DeleteOutlined,
  FileExcelOutlined,
  LoginOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { Alert, Button, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type ClipboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { addAllToCart, checkLines, lineErrorsOf } from '../../api/quick-order.ts';
import { reloadCart } from '../../app/counters.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { formatAmount } from '../../shared/format.ts';
import { PageTitle } from '../PageTitle.tsx';
import {
  applyCheck,
  blankRow,
  currentLine,
  isBlank,
  parsePaste,
  pasteInto,
  setRows,
  useQuickOrder,
  type GridRow,
} from './quick-order-store.ts';
import { linesOf, QUICK_ORDER_PATH, signInFor, StockTag } from './QuickOrderParts.tsx';

const PAGE = 50;

/**
 * /quickorder/list (anonymous, kept): a grid of part number and quantity rows, typed or pasted from
 * Excel; 检查 checks them all on the server (name, model, stock, price for buyers, every row's
 * error at once); 全部加入购物车 adds them in one call — one row in error and nothing is added. A
 * visitor is asked to sign in and comes back to the same rows.
 */
export default function QuickOrderPage() {
  const t = useT();
  const navigate = useNavigate();
  const can = usePrivilege();
  const signedIn = useSession((s) => s.auth.isLoggedIn);
  const isStore = useSession((s) => s.isStore);
  const buyer = signedIn && can('shop.buy');
  const rows = useQuickOrder((s) => s.rows);
  const [busy, setBusy] = useState<'' | 'check' | 'add'>('');
  const [page, setPage] = useState(1);

  const used = rows.filter((r) => !isBlank(r));
  const checked = used.map(currentLine);
  const errors = used.flatMap((r, i) => {
    const l = checked[i];
    return l?.Error ? [{ key: r.key, row: rows.indexOf(r) + 1, message: l.Error }] : [];
  });
  const allOk = used.length > 0 && checked.every((l) => l && !l.Error);
  const total =
    allOk && buyer && checked.every((l) => l?.Price != null)
      ? checked.reduce((n, l) => n + Math.round(Number(l!.Amount ?? 0) * 100), 0) / 100
      : null;

  const edit = (key: string, patch: Partial<Pick<GridRow, 'code' | 'qty'>>) =>
    setRows(useQuickOrder.getState().rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (key: string) => setRows(useQuickOrder.getState().rows.filter((r) => r.key !== key));
  const onPaste = (key: string) => (e: ClipboardEvent<HTMLInputElement>) => {
    const lines = parsePaste(e.clipboardData.getData('text'), [t('quickOrder.col.code'), 'Part number', '物料编码']);
    if (!lines) return;
    e.preventDefault();
    const current = useQuickOrder.getState().rows;
    setRows(
      pasteInto(
        current,
        current.findIndex((r) => r.key === key),
        lines,
      ),
    );
  };

  const check = async () => {
    const sent = useQuickOrder.getState().rows;
    const lines = linesOf(sent);
    if (!lines.length) {
      toast.warning(t('quickOrder.noLines'));
      return;
    }
    setBusy('check');
    try {
      const answer = await checkLines(lines);
      setRows(applyCheck(useQuickOrder.getState().rows, sent, answer.Lines));
      return answer;
    } catch {
      /* toasted */
    } finally {
      setBusy('');
    }
  };

  const addAll = async () => {
    if (!signedIn) {
      navigate(signInFor(QUICK_ORDER_PATH, isStore));
      return;
    }
    const sent = useQuickOrder.getState().rows;
    const lines = linesOf(sent);
    if (!lines.length) {
      toast.warning(t('quickOrder.noLines'));
      return;
    }
    setBusy('add');
    try {
      const r = await addAllToCart(lines);
      toast.success(r.message);
      setRows([]);
      await reloadCart({ silent: true }).catch(() => undefined);
      navigate('/shopcart/list');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
      // Refused: show every row's error where it is.
      if (lineErrorsOf(e).length) await check();
    } finally {
      setBusy('');
    }
  };

  const clearAll = () => confirm({ content: t('quickOrder.clearConfirm'), onOk: () => setRows([]) });
  const removeBad = () => {
    const bad = new Set(errors.map((e) => e.key));
    setRows(useQuickOrder.getState().rows.filter((r) => !bad.has(r.key)));
  };

  const columns: TableColumnsType<GridRow> = [
    { title: t('quickOrder.col.row'), key: 'row', width: 56, render: (_, r) => rows.indexOf(r) + 1 },
    {
      title: t('quickOrder.col.code'),
      key: 'code',
      width: 190,
      render: (_, r) => (
        <Input
          data-testid="quick-code"
          aria-label={t('quickOrder.col.code')}
          value={r.code}
          onChange={(e) => edit(r.key, { code: e.target.value })}
          onPaste={onPaste(r.key)}
          status={currentLine(r)?.Error ? 'error' : undefined}
        />
      ),
    },
    {
      title: t('quickOrder.col.qty'),
      key: 'qty',
      width: 110,
      render: (_, r) => (
        <Input
          data-testid="quick-qty"
          aria-label={t('quickOrder.col.qty')}
          value={r.qty}
          inputMode="numeric"
          onChange={(e) => edit(r.key, { qty: e.target.value })}
        />
      ),
    },
    {
      title: t('quickOrder.col.name'),
      key: 'name',
      ellipsis: true,
      render: (_, r) => <span data-testid="quick-name">{currentLine(r)?.ProductName ?? ''}</span>,
    },
    { title: t('quickOrder.col.model'), key: 'model', ellipsis: true, render: (_, r) => currentLine(r)?.Model ?? '' },
    {
      title: t('quickOrder.col.price'),
      key: 'price',
      width: 110,
      align: 'right',
      render: (_, r) => {
        const l = currentLine(r);
        if (!l?.ProductId) return '';
        if (l.Price !== null) return formatAmount(l.Price);
        return signedIn ? '—' : <Typography.Text type="secondary">{t('quickOrder.priceAfterSignIn')}</Typography.Text>;
      },
    },
    {
      title: t('quickOrder.col.amount'),
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_, r) => formatAmount(currentLine(r)?.Amount ?? null),
    },
    { title: t('quickOrder.col.stock'), key: 'stock', width: 96, render: (_, r) => <StockTag stock={currentLine(r)?.Stock ?? null} /> },
    {
      title: t('quickOrder.col.result'),
      key: 'result',
      width: 220,
      render: (_, r) => {
        if (isBlank(r)) return '';
        const l = currentLine(r);
        if (!l) return r.line ? <Typography.Text type="warning">{t('quickOrder.changed')}</Typography.Text> : '';
        return l.Error ? (
          <Typography.Text type="danger" data-testid="quick-row-error">
            {l.Error}
          </Typography.Text>
        ) : (
          <Typography.Text type="success">
            <CheckCircleOutlined /> {t('quickOrder.ok')}
          </Typography.Text>
        );
      },
    },
    {
      title: '',
      key: 'remove',
      width: 48,
      render: (_, r) => (
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('widgets.action.delete')}
          onClick={() => remove(r.key)}
          disabled={isBlank(r)}
        />
      ),
    },
  ];

  return (
    <div data-testid="quick-order">
      <PageTitle
        extra={
          <Space>
            <Button icon={<FileExcelOutlined />} onClick={() => navigate('/quickorder/importproduct')} data-testid="quick-import">
              {t('quickOrder.import')}
            </Button>
            {buyer && (
              <Button icon={<ShoppingCartOutlined />} onClick={() => navigate('/shopcart/list')}>
                {t('widgets.shop.cart')}
              </Button>
            )}
          </Space>
        }
      >
        {t('quickOrder.title')}
      </PageTitle>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('quickOrder.hint')}</Typography.Text>
        {!signedIn && (
          <Alert
            type="info"
            showIcon
            data-testid="quick-sign-in"
            title={t('quickOrder.signInToBuy')}
            action={
              <Button type="primary" size="small" icon={<LoginOutlined />} onClick={() => navigate(signInFor(QUICK_ORDER_PATH, isStore))}>
                {t('quickOrder.signIn')}
              </Button>
            }
          />
        )}
        {signedIn && !buyer && <Alert type="warning" showIcon title={t('quickOrder.noBuy')} />}
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('quickOrder.errorsTitle', { count: errors.length })}
            action={
              <Button size="small" onClick={removeBad} data-testid="quick-remove-bad">
                {t('quickOrder.removeBad')}
              </Button>
            }
            description={
              <ul data-testid="quick-errors" className="excel-errors">
                {errors.map((e) => (
                  <li key={e.key} data-row={e.row}>
                    {t('excel.rowError', { row: e.row, message: e.message })}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {allOk && errors.length === 0 && (
          <Alert type="success" showIcon data-testid="quick-all-ok" title={t('quickOrder.allChecked', { count: used.length })} />
        )}
        <Table<GridRow>
          data-testid="quick-grid"
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={{ current: page, pageSize: PAGE, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 1100 }}
        />
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Button
              icon={<PlusOutlined />}
              onClick={() => setRows([...useQuickOrder.getState().rows, ...Array.from({ length: 5 }, blankRow)])}
              data-testid="quick-add-rows"
            >
              {t('quickOrder.addRows')}
            </Button>
            <Button onClick={clearAll} disabled={!used.length}>
              {t('quickOrder.clear')}
            </Button>
          </Space>
          <Space wrap>
            {total !== null && (
              <Typography.Text data-testid="quick-total">
                {t('quickOrder.total', { count: used.length })}
                <Typography.Text strong type="danger">
                  {formatAmount(total)}
                </Typography.Text>
              </Typography.Text>
            )}
            <Button
              icon={<SafetyCertificateOutlined />}
              onClick={check}
              loading={busy === 'check'}
              disabled={busy === 'add'}
              data-testid="quick-check"
            >
              {t('quickOrder.check')}
            </Button>
            <Button
              type="primary"
              icon={<ShoppingCartOutlined />}
              onClick={addAll}
              loading={busy === 'add'}
              disabled={busy === 'check' || (signedIn && !buyer)}
              data-testid="quick-add-all"
            >
              {t('quickOrder.addAll')}
            </Button>
          </Space>
        </Space>
      </Space>
    </div>
  );
}
