import type { MessageKey } from '@portal/model';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { homePath } from '../../app/routes.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';

function ErrorPage({ code, status, text }: { code: string; status: '403' | '404' | '500'; text: MessageKey }) {
  const t = useT();
  const navigate = useNavigate();
  const isLoggedIn = useSession((s) => s.auth.isLoggedIn);
  const isStore = useSession((s) => s.isStore);
  // Signed in: the user's home; otherwise the portal's sign-in entry.
  const home = isLoggedIn ? homePath(isStore) : isStore ? '/login1' : '/';
  return (
    <div
      className="bare-page-light"
      data-testid={`page-${code}`}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Result
        status={status}
        title={code}
        subTitle={t(text)}
        extra={
          <Button type="primary" onClick={() => navigate(home)}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}

export const Page401 = () => <ErrorPage code="401" status="403" text="page.401" />;
export const Page404 = () => <ErrorPage code="404" status="404" text="page.404" />;
export const Page500 = () => <ErrorPage code="500" status="500" text="page.500" />;
