import { useT } from '../../locales/i18n.ts';
import { NoticeList } from './NoticeList.tsx';

/** /servicenotice/list: the service side's entry to the same notices. */
export default function ServiceNoticeListPage() {
  const t = useT();
  return <NoticeList base="/servicenotice" title={t('widgets.notice.serviceList')} />;
}
