import { ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import type { Captcha } from '../api/portal.ts';
import { useT } from '../locales/i18n.ts';

export const captchaSrc = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

/** The captcha picture; clicking it (or Enter/Space on it) fetches a new one. */
export function CaptchaImage({
  captcha,
  loading,
  onRefresh,
  testId,
}: {
  captcha: Captcha | null;
  loading: boolean;
  onRefresh: () => void;
  testId: string;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="captcha-button"
      onClick={onRefresh}
      aria-label={t('login.captchaRefresh')}
      title={t('login.captchaRefresh')}
    >
      {captcha ? (
        <img
          data-testid={testId}
          data-captcha-id={captcha.captchaId}
          src={captchaSrc(captcha.image)}
          alt={t('login.captcha')}
          draggable={false}
        />
      ) : loading ? (
        <Spin size="small" />
      ) : (
        <ReloadOutlined />
      )}
    </button>
  );
}
