import { PRIVILEGES, type Lang } from '@portal/model';
import { Alert, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { UserAvatar } from '../../app/layouts/UserMenu.tsx';
import { useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { useProfile } from '../../session/use-profile.ts';
import { useSession } from '../../session/store.ts';
import { PageTitle } from '../PageTitle.tsx';

const privilegeLabel = (p: string, lang: Lang) => (PRIVILEGES as Record<string, Record<Lang, string>>)[p]?.[lang] ?? p;

/** /about: who the signed-in user is, their roles and privileges, and when this session began. */
export default function AboutPage() {
  const t = useT();
  const user = useSession((s) => s.user);
  const locale = useSession((s) => s.locale);
  const { profile, error } = useProfile();
  const none = <Typography.Text type="secondary">{t('common.none')}</Typography.Text>;
  const loginTypeKey = user.loginType ? (`loginType.${user.loginType}` as const) : null;

  return (
    <div data-testid="page-about">
      <PageTitle>{t('about.title')}</PageTitle>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {/* Shown once /api/portaluser/me has answered: the details are the server's current ones. */}
      <Card loading={!profile && !error}>
        <Flex gap={24} align="flex-start" wrap>
          <UserAvatar size={88} />
          <Descriptions
            column={{ xs: 1, lg: 2 }}
            bordered
            size="middle"
            style={{ flex: 1, minWidth: 480 }}
            styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}
            items={[
              { key: 'fullName', label: t('about.fullName'), children: profile?.fullName || user.nickName || none },
              { key: 'userName', label: t('login.username'), children: user.userName },
              { key: 'mobile', label: t('login.mobile'), children: profile?.mobilephone || none },
              { key: 'department', label: t('about.department'), children: user.departName || none },
              { key: 'unit', label: t('home.yourUnit'), children: profile?.businessUnitName || none },
              { key: 'station', label: t('home.yourStation'), children: profile?.stationName || none },
              { key: 'loginType', label: t('about.loginType'), children: loginTypeKey ? t(loginTypeKey) : none },
              {
                key: 'since',
                label: t('about.lastLogin'),
                children: profile?.sessionStartedAt ? formatUtc8(profile.sessionStartedAt) : none,
              },
              {
                key: 'roles',
                label: t('about.roles'),
                span: 'filled',
                children: profile?.roles.length ? (
                  <Space size={[4, 4]} wrap>
                    {profile.roles.map((r) => (
                      <Tag key={r} color="blue">
                        {r}
                      </Tag>
                    ))}
                  </Space>
                ) : (
                  none
                ),
              },
              {
                key: 'privileges',
                label: t('about.privileges'),
                span: 'filled',
                children: user.privilege.length ? (
                  <Space size={[4, 4]} wrap data-testid="about-privileges">
                    {user.privilege.map((p) => (
                      <Tag key={p} title={p}>
                        {privilegeLabel(p, locale)}
                      </Tag>
                    ))}
                  </Space>
                ) : (
                  none
                ),
              },
            ]}
          />
        </Flex>
      </Card>
    </div>
  );
}
