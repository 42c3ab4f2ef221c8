import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { displayValue, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { formatRaw } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { AttachmentList } from '../../widgets/attachments/AttachmentList.tsx';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { getEntity } from '@portal/model';

const FIELDS = ['new_kbarticleid', 'new_name', 'new_category', 'new_keywords', 'new_filename', 'new_state', 'new_content', 'modifiedon'];

/** /kb/detail/:id: one article, its content and its files. */
export default function KbDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const can = usePrivilege();
  const e = getEntity('new_kbarticle')!;
  const [row, setRow] = useState<RecordRow | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    let live = true;
    setRow(null);
    setMissing(false);
    retrieveRecord('new_kbarticles', id, FIELDS)
      .then((r) => live && setRow(r))
      .catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [id]);

  if (missing)
    return (
      <Result
        status="404"
        title={t('widgets.form.notFound')}
        extra={<Button onClick={() => navigate('/kb/list')}>{t('common.back')}</Button>}
      />
    );
  if (!row) return <Skeleton active paragraph={{ rows: 10 }} />;

  const label = (f: string) => e.allFields[f].label[lang];
  return (
    <div data-testid="kb-detail" data-id={id}>
      <DetailHeader
        title={displayValue(row, 'new_name')}
        backTo="/kb/list"
        tags={row.new_category ? <Tag color="blue">{displayValue(row, 'new_category')}</Tag> : undefined}
        extra={
          can('kb.write') ? (
            <Button icon={<EditOutlined />} onClick={() => navigate(`/kb/edit/${encodeURIComponent(id)}`)}>
              {t('widgets.action.edit')}
            </Button>
          ) : undefined
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={3}
          items={[
            { key: 'keywords', label: label('new_keywords'), children: displayValue(row, 'new_keywords') || '—' },
            { key: 'file', label: label('new_filename'), children: displayValue(row, 'new_filename') || '—' },
            { key: 'updated', label: t('widgets.kb.updated'), children: formatRaw(e.allFields.modifiedon, row.modifiedon, lang) },
          ]}
        />
        <div className="content-text" data-testid="kb-content" style={{ marginTop: 16 }}>
          {String(row.new_content ?? '')}
        </div>
      </Card>
      <Card title={t('widgets.form.attachments')}>
        <AttachmentList moduleType="new_kbarticle" objectId={id} readOnly={!can('kb.write')} />
      </Card>
    </div>
  );
}
