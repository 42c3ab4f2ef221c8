import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router.tsx';
import { useT } from '../locales/i18n.ts';
import { useSession } from '../session/store.ts';
import { TOAST_SECONDS } from './feedback.ts';
import { FeedbackBridge } from './FeedbackBridge.tsx';
import { UpdateNotice } from '../sw/UpdateNotice.tsx';
import { useReducedMotion } from './reduced-motion.ts';

const THEME = {
  algorithm: antTheme.defaultAlgorithm,
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'WenQuanYi Micro Hei', sans-serif",
  },
};

/** Providers: antd locale and theme following the portal language, toasts, the router. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const locale = useSession((s) => s.locale);
  const isStore = useSession((s) => s.isStore);
  const t = useT();
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => ({ ...THEME, token: { ...THEME.token, motion: !reducedMotion } }), [reducedMotion]);

  useEffect(() => {
    document.title = t(isStore ? 'app.storeTitle' : 'app.title');
  }, [t, isStore]);

  return (
    <ConfigProvider locale={locale === 'en-US' ? enUS : zhCN} theme={theme}>
      <AntApp message={{ duration: TOAST_SECONDS, maxCount: 3 }}>
        <FeedbackBridge />
        <UpdateNotice />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
