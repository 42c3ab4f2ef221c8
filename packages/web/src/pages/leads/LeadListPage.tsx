import { leadState, type LeadJoined } from '@portal/model';
import { Card, List } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { joinedLeads } from './lead-api.ts';

/**
 * /lead/list: the leads in reach (a salesman's own, his managers' whole unit) with their states as
 * tabs; below them, when there are any, the leads of colleagues the caller collaborates on, each
 * opening its read-only join view. Hooks: the list's, `lead-joined` rows `lead-joined-item` (data-id).
 */
export default function LeadListPage() {
  const t = useT();
  const [joined, setJoined] = useState<LeadJoined[]>([]);
  useEffect(() => {
    joinedLeads().then(setJoined, () => setJoined([]));
  }, []);
  return (
    <>
      <EntityListPage
        entity="lead"
        routeBase=""
        title={t('menu.leads')}
        paths={{
          create: '/lead/create',
          edit: (id) => `/lead/view/${encodeURIComponent(id)}`,
          view: (id) => `/lead/view/${encodeURIComponent(id)}`,
        }}
        allowCreate
        allowImport={false}
        viewTabs
      />
      {joined.length > 0 && (
        <Card size="small" title={t('lead.joinedTitle')} style={{ marginTop: 12 }} data-testid="lead-joined">
          <List
            size="small"
            dataSource={joined}
            renderItem={(l) => (
              <List.Item data-testid="lead-joined-item" data-id={l.id}>
                <Link to={`/lead/joinview/${encodeURIComponent(l.id)}`}>{l.subject}</Link>
                <span>
                  {l.owner} <OptionTag set={leadState} value={l.state} />
                </span>
              </List.Item>
            )}
          />
        </Card>
      )}
    </>
  );
}
