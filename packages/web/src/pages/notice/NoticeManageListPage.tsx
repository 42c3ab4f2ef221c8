import { EyeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';

/** /dmsnotice/manage: head office writes, publishes and withdraws notices. */
export default function NoticeManageListPage() {
  const t = useT();
  const navigate = useNavigate();
  const id = (row: RecordRow) => String(row.new_noticeid ?? '');
  return (
    <EntityListPage
      entity="new_notice"
      routeBase="/dmsnotice/manage"
      views={['all', 'published']}
      title={t('widgets.notice.manage')}
      rowActions={(row) => [
        {
          key: 'preview',
          label: t('widgets.action.view'),
          icon: <EyeOutlined />,
          onClick: () => navigate(`/dmsnotice/view/${encodeURIComponent(id(row))}`),
          testId: 'list-row-preview',
        },
      ]}
    />
  );
}
