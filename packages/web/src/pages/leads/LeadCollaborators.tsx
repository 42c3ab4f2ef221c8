import type { LeadCollaboratorRow, LeadColleague } from '@portal/model';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Empty, List, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { confirm, toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { addCollaborator, leadCollaborators, leadColleagues, removeCollaborator } from './lead-api.ts';

/**
 * A lead's collaborators (参与人): who they are and, for the lead's owner, a colleague to add and a
 * remove button each (the server checks it is the owner). Collaborators open the lead on
 * /lead/joinview/:id. Hooks: `lead-collaborators`, rows `lead-collaborator` (data-name),
 * `lead-collaborator-select`, `lead-collaborator-add`, `lead-collaborator-remove`.
 */
export function LeadCollaborators({ id, owner }: { id: string; owner: boolean }) {
  const t = useT();
  const [rows, setRows] = useState<LeadCollaboratorRow[] | null>(null);
  const [colleagues, setColleagues] = useState<LeadColleague[]>([]);
  const [pick, setPick] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    leadCollaborators(id).then(setRows, () => setRows([]));
    if (owner) leadColleagues().then(setColleagues, () => setColleagues([]));
  }, [id, owner]);
  const change = async (run: () => Promise<{ collaborators: LeadCollaboratorRow[] }>) => {
    setBusy(true);
    try {
      setRows((await run()).collaborators);
      setPick(undefined);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const taken = new Set(rows?.map((r) => r.userId));
  return (
    <div data-testid="lead-collaborators">
      {owner && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            data-testid="lead-collaborator-select"
            style={{ minWidth: 240 }}
            showSearch
            optionFilterProp="label"
            placeholder={t('lead.pickCollaborator')}
            aria-label={t('lead.pickCollaborator')}
            value={pick}
            onChange={setPick}
            options={colleagues
              .filter((c) => !taken.has(c.id))
              .map((c) => ({ value: c.id, label: c.unit ? `${c.name}（${c.unit}）` : c.name }))}
          />
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            disabled={!pick}
            loading={busy}
            data-testid="lead-collaborator-add"
            onClick={() => pick && change(() => addCollaborator(id, pick))}
          >
            {t('lead.addCollaborator')}
          </Button>
        </Space>
      )}
      {rows && rows.length === 0 ? (
        <Empty description={t('lead.noCollaborators')} />
      ) : (
        <List
          loading={!rows}
          dataSource={rows ?? []}
          renderItem={(r) => (
            <List.Item
              data-testid="lead-collaborator"
              data-name={r.name}
              actions={
                owner
                  ? [
                      <Button
                        key="remove"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        data-testid="lead-collaborator-remove"
                        onClick={() =>
                          confirm({
                            content: t('lead.removeCollaboratorAsk', { name: r.name }),
                            okButtonProps: { 'data-testid': 'lead-collaborator-remove-ok' },
                            onOk: () => change(() => removeCollaborator(id, r.id)),
                          })
                        }
                      >
                        {t('lead.removeCollaborator')}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta title={r.name} description={r.unit ?? ''} />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
