import { useEffect, useState } from 'react';
import { noticeCarousel, type CarouselItem } from '../../api/notices.ts';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { useOnDemand } from '../../shared/use-on-demand.ts';
import { NoticeCarousel } from '../../widgets/NoticeCarousel.tsx';
import { Shortcuts } from './Shortcuts.tsx';
import { Welcome } from './Welcome.tsx';

// ECharts is a large chunk: only users who see the dashboard load it.
const loadDashboard = () => import('./dashboard/ServiceDashboard.tsx');

/**
 * /servicehome: the standard portal's home after sign-in; the service-management dashboard for
 * work-order readers between the latest notices and the shortcuts.
 */
export default function ServiceHomePage() {
  const t = useT();
  const can = usePrivilege();
  const reads = can('notice.read');
  const [notices, setNotices] = useState<CarouselItem[]>([]);
  const ServiceDashboard = useOnDemand(loadDashboard, can('workorder.read'));
  useEffect(() => {
    if (!reads) return;
    let live = true;
    noticeCarousel({ silent: true })
      .then((items) => live && setNotices(items.filter((i) => i?.title && i.url)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reads]);
  return (
    <div data-testid="page-servicehome">
      <Welcome subtitle={t('home.welcome')} />
      {reads && <NoticeCarousel items={notices} />}
      {ServiceDashboard && <ServiceDashboard />}
      <Shortcuts />
    </div>
  );
}
