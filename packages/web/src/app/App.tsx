import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router.tsx';
import { useT } from '../locales/i18n.ts';
import { useSession } from '../session/store.ts';
import { UpdateNotice } from '../sw/UpdateNotice.tsx';
import { AntdRoot } from './AntdRoot.tsx';

/** Providers: antd (locale, theme, toasts), the update notice, the router. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const isStore = useSession((s) => s.isStore);
  const t = useT();

  useEffect(() => {
    document.title = t(isStore ? 'app.storeTitle' : 'app.title');
  }, [t, isStore]);

  return (
    <AntdRoot>
      <UpdateNotice />
      <RouterProvider router={router} />
    </AntdRoot>
  );
}
