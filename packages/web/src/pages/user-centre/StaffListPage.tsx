import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';

/**
 * /usercenter/userlist: the accounts in the caller's reach (an administrator: everyone; a dealer:
 * its own unit's and its stores'). Administrators keep the generic list's writing; a dealer reads
 * it and creates staff through /usercenter/usercreate (the staff calls), rows opening the account.
 */
export default function StaffListPage() {
  const t = useT();
  const can = usePrivilege();
  const navigate = useNavigate();
  const admin = can('user.manage');
  return (
    <EntityListPage
      entity="systemuser"
      routeBase="/usercenter"
      title={t('menu.userList')}
      paths={{ create: '/usercenter/usercreate', edit: (id) => `/usercenter/userview/${encodeURIComponent(id)}` }}
      allowImport={false}
      allowDelete={false}
      {...(admin
        ? {}
        : {
            canWrite: false,
            headerActions: [
              {
                key: 'new',
                label: t('staff.ui.new'),
                icon: <PlusOutlined />,
                type: 'primary' as const,
                onClick: () => navigate('/usercenter/usercreate'),
                testId: 'staff-new',
              },
            ],
          })}
    />
  );
}
