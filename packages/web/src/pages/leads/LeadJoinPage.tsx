import { leadState, type LeadJoinView } from '@portal/model';
import { Alert, Button, Card, Descriptions, List, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useT } from '../../locales/i18n.ts';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { leadJoinView } from './lead-api.ts';

/**
 * /lead/joinview/:id: a lead read by a colleague its owner added as a collaborator (参与人) — its
 * fields and who else collaborates, nothing to change. Anyone else (the server answers 404) gets the
 * not-found screen. Hooks: `lead-join` (data-state, data-subject), `lead-join-field-<name>`, `lead-join-notfound`.
 */
export default function LeadJoinPage() {
  const { id = '' } = useParams();
  const t = useT();
  const navigate = useNavigate();
  const [view, setView] = useState<LeadJoinView | null | 'missing'>(null);
  useEffect(() => {
    let live = true;
    setView(null);
    leadJoinView(id).then(
      (v) => live && setView(v),
      () => live && setView('missing'),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (view === 'missing')
    return (
      <div data-testid="lead-join-notfound">
        <DetailHeader title={t('lead.joinTitle')} backTo="/lead/list" />
        <Result
          status="404"
          title={t('widgets.form.notFound')}
          extra={<Button onClick={() => navigate('/lead/list')}>{t('common.back')}</Button>}
        />
      </div>
    );
  if (!view) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <div data-testid="lead-join" data-state={view.state} data-subject={view.subject}>
      <DetailHeader
        title={view.subject}
        backTo="/lead/list"
        tags={<OptionTag set={leadState} value={view.state} testId="lead-join-state" dataName="state" />}
      />
      <Alert type="info" showIcon title={t('lead.joinHint')} style={{ marginBottom: 12 }} />
      <Card size="small" title={t('lead.joinTitle')} style={{ marginBottom: 12 }}>
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2 }}
          size="small"
          items={view.fields.map((f) => ({
            key: f.name,
            label: f.label,
            children: <span data-testid={`lead-join-field-${f.name}`}>{f.value}</span>,
          }))}
        />
      </Card>
      <Card size="small" title={t('lead.collaborators')}>
        <List
          size="small"
          dataSource={view.collaborators}
          renderItem={(c) => (
            <List.Item data-testid="lead-join-collaborator" data-name={c.name}>
              {c.name}
              {c.unit ? `（${c.unit}）` : ''}
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
