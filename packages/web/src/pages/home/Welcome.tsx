import { Card, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { UserAvatar } from '../../app/layouts/UserMenu.tsx';
import { useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { useProfile } from '../../session/use-profile.ts';
import { useSession } from '../../session/store.ts';
import { greetingLine } from './greeting.ts';

/** Greeting by the time of day (UTC+8), the user's name and unit, and today's date. */
export function Welcome({ subtitle }: { subtitle?: string }) {
  const t = useT();
  const user = useSession((s) => s.user);
  const locale = useSession((s) => s.locale);
  const { profile } = useProfile();
  const [now, setNow] = useState(() => Date.now());

  // The greeting changes at 12:00 and 18:00 for a screen left open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const name = profile?.fullName || user.nickName || user.userName;
  const sep = locale === 'zh-CN' ? '：' : ': ';
  const units = [
    profile?.stationName && `${t('home.yourStation')}${sep}${profile.stationName}`,
    // A station user's unit is usually the station itself: say it once.
    profile?.businessUnitName &&
      profile.businessUnitName !== profile.stationName &&
      `${t('home.yourUnit')}${sep}${profile.businessUnitName}`,
  ].filter(Boolean);
  const datePattern = locale === 'zh-CN' ? 'YYYY年M月D日 dddd' : 'dddd, MMMM D, YYYY';

  return (
    <Card>
      <Flex gap={20} align="center" wrap>
        <UserAvatar size={64} />
        <div style={{ flex: 1, minWidth: 240 }}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="home-greeting">
            {greetingLine(now, name, t, locale)}
          </Typography.Title>
          {subtitle && <Typography.Paragraph style={{ margin: '6px 0 0' }}>{subtitle}</Typography.Paragraph>}
          <Typography.Text type="secondary" data-testid="home-unit">
            {units.length ? units.join('　') : user.departName}
          </Typography.Text>
        </div>
        <Typography.Text type="secondary" data-testid="home-date">
          {t('home.todayIs', { date: formatUtc8(now, datePattern) })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
