import { KeyOutlined, LogoutOutlined, PictureOutlined, SolutionOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { askLogout } from '../../session/logout.ts';
import { useSession } from '../../session/store.ts';
import { HeaderSignIn } from './HeaderSignIn.tsx';

/** First character of the name, for the avatar when there is no photo. */
export function initials(name: string): string {
  const n = name.trim();
  if (!n) return '?';
  return /^[a-z]/i.test(n) ? n.slice(0, 1).toUpperCase() : n.slice(0, 1);
}

export function UserAvatar({ size = 32 }: { size?: number }) {
  const user = useSession((s) => s.user);
  const name = user.nickName || user.userName;
  return user.avatarUrl ? (
    <Avatar size={size} src={user.avatarUrl} alt={name} />
  ) : (
    <Avatar size={size} style={{ background: '#1668dc' }} aria-hidden>
      {initials(name)}
    </Avatar>
  );
}

/** Header user menu: about me, change password, change photo, logout. `compact` (phone): the avatar only. */
export function UserMenu({ dark = false, compact = false }: { dark?: boolean; compact?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const name = user.nickName || user.userName;

  const items: MenuProps['items'] = [
    { key: 'about', icon: <UserOutlined />, label: t('menu.aboutMe'), 'data-testid': 'menu-about' },
    { key: 'password', icon: <KeyOutlined />, label: t('menu.changePassword'), 'data-testid': 'menu-password' },
    { key: 'avatar', icon: <PictureOutlined />, label: t('menu.changeAvatar'), 'data-testid': 'menu-avatar' },
    ...(user.privilege.includes('portal.login')
      ? [{ key: 'apply', icon: <SolutionOutlined />, label: t('menu.accountApply'), 'data-testid': 'menu-account-apply' }]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('menu.logout'), danger: true, 'data-testid': 'menu-logout' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'about') navigate('/about');
    else if (key === 'password') navigate('/resetpassword/view');
    else if (key === 'avatar') navigate('/profile/avatar');
    else if (key === 'apply') navigate('/edit/apply');
    else if (key === 'logout') askLogout();
  };

  if (!loggedIn) return <HeaderSignIn dark={dark} />;
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        data-testid="user-menu"
        title={t('menu.userMenu')}
        aria-label={compact ? t('menu.userMenu') : undefined}
        style={{ height: 48, paddingInline: 8, color: dark ? '#fff' : undefined }}
      >
        {/* Named by the visible name (WCAG 2.5.3), not the avatar's initial. */}
        <span aria-hidden>
          <UserAvatar size={30} />
        </span>
        {!compact && <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>}
      </Button>
    </Dropdown>
  );
}
