import { AuditOutlined, BellOutlined, NotificationOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { refreshApprovalWaiting, refreshMessageCount, refreshNoticeUnread, reloadCart, useCartCount, useCounters } from '../counters.ts';

/** The waiting-approval count is refreshed this often. */
export const APPROVAL_REFRESH_MS = 60_000;

/** A small red count; present (hidden) at 0 so tests can always read `data-count`. */
function Count({ n, testId }: { n: number; testId: string }) {
  return (
    <span className="header-count" data-testid={testId} data-count={n} hidden={n === 0}>
      {n > 99 ? '99+' : n}
    </span>
  );
}

/** Header buttons with the unread notice count and, for buyers, the cart count. */
export function HeaderCounters() {
  const t = useT();
  const navigate = useNavigate();
  const can = usePrivilege();
  const privilege = useSession((s) => s.user.privilege);
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const unread = useCounters((s) => s.noticeUnread);
  const cart = useCartCount();
  const reads = can('notice.read');
  const buys = can('shop.buy');
  const approves = can('approval.act');
  const waiting = useCounters((s) => s.approvalWaiting);
  const messages = useCounters((s) => s.messageUnread);
  const { pathname } = useLocation();

  // The message bell: on sign-in, on every navigation and every 60 s (one cheap count call).
  useEffect(() => {
    if (!loggedIn) return;
    void refreshMessageCount();
    const timer = window.setInterval(() => void refreshMessageCount(), APPROVAL_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [loggedIn, privilege, pathname]);

  // Documents waiting for my approval: on sign-in, every 60 s, and after acting (the screens refresh it).
  useEffect(() => {
    if (!loggedIn || !approves) return;
    void refreshApprovalWaiting();
    const timer = window.setInterval(() => void refreshApprovalWaiting(), APPROVAL_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [loggedIn, approves, privilege]);

  useEffect(() => {
    if (!loggedIn) return;
    if (reads) void refreshNoticeUnread();
    if (buys) void reloadCart({ silent: true }).catch(() => undefined);
    const onFocus = () => reads && void refreshNoticeUnread();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
    // privilege: the user changed.
  }, [loggedIn, reads, buys, privilege]);

  return (
    <>
      {loggedIn && (
        <Tooltip title={t('message.unreadCount', { n: messages })}>
          <Button
            type="text"
            data-testid="header-messages"
            aria-label={t('message.unreadCount', { n: messages })}
            onClick={() => navigate('/message/message')}
          >
            <BellOutlined />
            <Count n={messages} testId="message-unread-count" />
          </Button>
        </Tooltip>
      )}
      {approves && (
        <Tooltip title={t('approval.waitingCount', { n: waiting })}>
          <Button
            type="text"
            data-testid="header-approvals"
            aria-label={t('approval.waitingCount', { n: waiting })}
            onClick={() => navigate('/myapproval/list')}
          >
            <AuditOutlined />
            <Count n={waiting} testId="myapproval-count" />
          </Button>
        </Tooltip>
      )}
      {reads && (
        <Tooltip title={t('widgets.notice.unreadCount', { n: unread })}>
          <Button
            type="text"
            data-testid="header-notices"
            aria-label={t('widgets.notice.unreadCount', { n: unread })}
            onClick={() => navigate('/dmsnotice/list')}
          >
            <NotificationOutlined />
            <Count n={unread} testId="notice-unread-count" />
          </Button>
        </Tooltip>
      )}
      {buys && (
        <Tooltip title={t('widgets.shop.cartCount', { n: cart })}>
          <Button
            type="text"
            data-testid="header-cart"
            aria-label={t('widgets.shop.cartCount', { n: cart })}
            onClick={() => navigate('/shopcart/list')}
          >
            <ShoppingCartOutlined />
            <Count n={cart} testId="cart-count" />
          </Button>
        </Tooltip>
      )}
    </>
  );
}
