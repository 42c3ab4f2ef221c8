import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
// antd's styles as one static file (zero-runtime mode below); main.tsx imports it first so the
// portal's own CSS comes after it.
import 'antd/dist/antd.css';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useMemo, type ReactNode } from 'react';
import { useSession } from '../session/store.ts';
import { TOAST_SECONDS } from './feedback.ts';
import { FeedbackBridge } from './FeedbackBridge.tsx';
import { useReducedMotion } from './reduced-motion.ts';

// Text at least 4.5:1 on white and the greys under it (#f0f0f0–#fafafa; WCAG 1.4.3, checked by the
// e2e accessibility walk): antd's tertiary/description and placeholder greys are 3.4:1 and 1.8:1,
// its link blue (from colorInfo) 4.1:1. Disabled controls keep antd's grey: WCAG exempts them.
const READABLE_GREY = 'rgba(0, 0, 0, 0.56)';

// Tags write their text in the palette's 7th shade on its 1st (status tags: the status colour on
// its background); these are the ones below 4.5:1, darkened to the first shade that reaches it.
const TAG_TEXT = {
  colorSuccess: '#237804',
  colorInfo: '#0958d9',
  colorError: '#cf1322',
  colorWarning: '#ad4e00',
  cyan7: '#006d75',
  green7: '#237804',
  orange7: '#ad4e00',
  yellow7: '#876800',
  volcano7: '#ad2102',
  lime7: '#3f6600',
  gold7: '#874d00',
};

const THEME = {
  algorithm: antTheme.defaultAlgorithm,
  // Components take their styles from antd.css instead of generating and inserting them while they
  // render (css-in-js was about a fifth of a first page's rendering); the tokens below still reach
  // them as CSS variables.
  zeroRuntime: true,
  // A month view's days of the next and previous month are drawn in the disabled grey, yet they
  // are dates one can pick.
  components: { Tag: TAG_TEXT, Calendar: { colorTextDisabled: READABLE_GREY } },
  token: {
    colorPrimary: '#1668dc',
    colorInfo: '#1668dc',
    // White on antd's #ff4d4f (badges, danger buttons) is 3.3:1; red-7 is 5.9:1 either way round.
    colorError: '#cf1322',
    // Success text (quantities in, 已完成) at antd's #52c41a is 2.3:1 on white; green-8 is 5.6:1.
    colorSuccess: '#237804',
    // From a darker seed antd derives a grey-green background (#adb8a5: the text on it 2.7:1) and
    // a darker red one: status tags keep antd's light green and red backgrounds and borders.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffa39e',
    colorTextTertiary: READABLE_GREY,
    colorTextDescription: READABLE_GREY,
    colorTextPlaceholder: READABLE_GREY,
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
