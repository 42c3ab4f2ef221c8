import { LoginOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { signInHref } from '../../widgets/sign-in-ask.ts';

/** The header's 登录 for a signed-out visitor on an anonymous screen (the shop, favourites): back here after signing in. */
export function HeaderSignIn({ dark = false }: { dark?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Button
      type={dark ? 'default' : 'primary'}
      ghost={dark}
      icon={<LoginOutlined />}
      data-testid="header-sign-in"
      onClick={() => navigate(signInHref(`${pathname}${search}`))}
    >
      {t('signInAsk.header')}
    </Button>
  );
}
