import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useMemo, type ReactNode } from 'react';
import { useSession } from '../session/store.ts';
import { TOAST_SECONDS } from './feedback.ts';
import { FeedbackBridge } from './FeedbackBridge.tsx';
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

/**
 * antd's providers as the portal sets them: locale and theme following the portal language (no
 * motion for users who asked for less), toasts and questions bound for code outside React. The
 * portal wraps everything in it; the engineer app only its antd screens.
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  const locale = useSession((s) => s.locale);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => ({ ...THEME, token: { ...THEME.token, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <ConfigProvider locale={locale === 'en-US' ? enUS : zhCN} theme={theme}>
      <AntApp message={{ duration: TOAST_SECONDS, maxCount: 3 }}>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
