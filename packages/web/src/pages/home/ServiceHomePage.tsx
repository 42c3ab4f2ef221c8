import { useEffect, useState } from 'react';
import { noticeCarousel, type CarouselItem } from '../../api/notices.ts';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { NoticeCarousel } from '../../widgets/NoticeCarousel.tsx';
import { Shortcuts } from './Shortcuts.tsx';
import { Welcome } from './Welcome.tsx';

/** /servicehome: the standard portal's home after sign-in; the latest notices above the shortcuts. */
export default function ServiceHomePage() {
  const t = useT();
  const can = usePrivilege();
  const reads = can('notice.read');
  const [notices, setNotices] = useState<CarouselItem[]>([]);
  useEffect(() => {
    if (!reads) return;
    let live = true;
    noticeCarousel({ silent: true })
      .then((items) => live && setNotices(items.filter((i) => i && i.title && i.url)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reads]);
  return (
    <div data-testid="page-servicehome">
      <Welcome subtitle={t('home.welcome')} />
      {reads && <NoticeCarousel items={notices} />}
      <Shortcuts />
    </div>
  );
}
