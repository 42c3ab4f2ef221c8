import { PaperClipOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { displayValue, type RecordRow } from '../../api/records.ts';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';

const detail = (id: string) => `/kb/detail/${encodeURIComponent(id)}`;

/** /kb/list: knowledge-base articles with their file name; editors also see drafts. */
export default function KbListPage() {
  const t = useT();
  const can = usePrivilege();
  const editor = can('kb.write');
  const id = (row: RecordRow) => String(row.new_kbarticleid ?? '');
  return (
    <EntityListPage
      entity="new_kbarticle"
      routeBase="/kb"
      views={editor ? ['published', 'all'] : ['published']}
      title={t('widgets.kb.list')}
      paths={{ view: detail }}
      renderCell={{
        new_name: (row) => <Link to={detail(id(row))}>{displayValue(row, 'new_name')}</Link>,
        new_filename: (row) =>
          row.new_filename ? (
            <span>
              <PaperClipOutlined /> {displayValue(row, 'new_filename')}
            </span>
          ) : (
            ''
          ),
      }}
    />
  );
}
