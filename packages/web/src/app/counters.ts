import { create } from 'zustand';
import { cartCount, getCart, type CartGroup } from '../api/cart.ts';
import { myApprovalCount } from '../api/approval.ts';
import { messageUnreadCount } from '../api/messages.ts';
import { noticeUnreadCount } from '../api/notices.ts';
import { useSession } from '../session/store.ts';

interface CountersState {
  noticeUnread: number;
  /** The cart as last loaded (spec 000 §3: groups of items, each with a client-only checked flag). */
  cart: CartGroup[];
  cartLoaded: boolean;
  /** Documents waiting for the user's approval (`/api/CrmFlow/MyApprovalCount`). */
  approvalWaiting: number;
  /** The bell: the user's unread messages (`/api/message/unread-count`). */
  messageUnread: number;
}

/** Header badges and the cart, shared by the shells and the shop screens. */
export const useCounters = create<CountersState>()(() => ({
  noticeUnread: 0,
  cart: [],
  cartLoaded: false,
  approvalWaiting: 0,
  messageUnread: 0,
}));

type Count = 'noticeUnread' | 'approvalWaiting' | 'messageUnread';

/** Reads one header count from the server; when that fails the last one stays. */
async function refreshCount(key: Count, read: () => Promise<number>): Promise<number> {
  try {
    const n = await read();
    useCounters.setState({ [key]: n });
    return n;
  } catch {
    return useCounters.getState()[key];
  }
}

export const refreshNoticeUnread = () => refreshCount('noticeUnread', () => noticeUnreadCount({ silent: true }));
export const refreshApprovalWaiting = () => refreshCount('approvalWaiting', () => myApprovalCount({ silent: true }));
export const refreshMessageCount = () => refreshCount('messageUnread', () => messageUnreadCount({ silent: true }));
export const setMessageCount = (messageUnread: number) => useCounters.setState({ messageUnread });

/** Loads the cart afresh: every item unchecked, each group's current index -1 (spec 000 §3, §9). */
export async function reloadCart(opts: { silent?: boolean } = {}): Promise<CartGroup[]> {
  const cart = await getCart({ silent: opts.silent });
  useCounters.setState({ cart, cartLoaded: true });
  return cart;
}

export const setCart = (cart: CartGroup[]) => useCounters.setState({ cart });

/** The header's cart count: items over all groups. */
export const useCartCount = () => useCounters((s) => cartCount(s.cart));

export const resetCounters = () =>
  useCounters.setState({ noticeUnread: 0, cart: [], cartLoaded: false, approvalWaiting: 0, messageUnread: 0 });

// Another user (or nobody) is signed in: nothing of the previous user's counts or cart remains.
useSession.subscribe((s, prev) => {
  if (s.user.userId !== prev.user.userId || s.auth.isLoggedIn !== prev.auth.isLoggedIn) resetCounters();
});
