import { useT } from '../../locales/i18n.ts';
import { NoticeList } from './NoticeList.tsx';

/** /dmsnotice/list (keep): the notice list of the service menu. */
export default function NoticeListPage() {
  const t = useT();
  return <NoticeList base="/dmsnotice" title={t('widgets.notice.list')} />;
}
