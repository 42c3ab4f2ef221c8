import { StarOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { signInHref } from '../../widgets/sign-in-ask.ts';

/** Signed out: what favourites are, and a way to sign in that comes back to `returnTo`. */
export function CollectIntro({ returnTo }: { returnTo: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Result
      data-testid="collect-intro"
      icon={<StarOutlined style={{ color: '#faad14' }} />}
      title={t('collect.introTitle')}
      subTitle={t('collect.introBody')}
      extra={
        <Button type="primary" data-testid="collect-sign-in" onClick={() => navigate(signInHref(returnTo))}>
          {t('collect.signIn')}
        </Button>
      }
    />
  );
}
