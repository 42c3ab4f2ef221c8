import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { PageTitle } from '../PageTitle.tsx';

/** /rootapp/crm__newmapassign: the CRM-hosted map assignment entry (reached through guard rule 2). */
export default function MapAssignPage() {
  const t = useT();
  const user = useSession((s) => s.user);
  return (
    <div data-testid="page-crm-newmapassign">
      <PageTitle>{t('menu.mapAssign')}</PageTitle>
      <Card>
        <Typography.Paragraph data-testid="current-user">{t('common.currentUser', { name: user.nickName || user.userName })}</Typography.Paragraph>
        <Link to="/servicehome">{t('menu.serviceHome')}</Link>
      </Card>
    </div>
  );
}
