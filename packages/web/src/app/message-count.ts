import { create } from 'zustand';
import { messageUnreadCount } from '../api/messages.ts';
import { useSession } from '../session/store.ts';

/** The header bell: the signed-in user's unread messages (/api/message/unread-count). */
export const useMessageCount = create<{ unread: number }>()(() => ({ unread: 0 }));

export async function refreshMessageCount(): Promise<number> {
  try {
    const n = await messageUnreadCount({ silent: true });
    useMessageCount.setState({ unread: n });
    return n;
  } catch {
    return useMessageCount.getState().unread;
  }
}

export const setMessageCount = (unread: number) => useMessageCount.setState({ unread });

// Another user (or nobody) is signed in: the previous user's count goes.
useSession.subscribe((s, prev) => {
  if (s.user.userId !== prev.user.userId || s.auth.isLoggedIn !== prev.auth.isLoggedIn) useMessageCount.setState({ unread: 0 });
});
