import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { myApprovalList, type MyApprovalItem } from '../../api/approval.ts';
import { refreshApprovalWaiting } from '../../app/counters.ts';
import { useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { PageTitle } from '../PageTitle.tsx';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';

export const myApprovalEditPath = (r: Pick<MyApprovalItem, 'EntityName' | 'EntityId'>) =>
  `/myapproval/edit?entityName=${encodeURIComponent(r.EntityName)}&id=${encodeURIComponent(r.EntityId)}`;

/** /myapproval/list: documents waiting for my approval; a row opens /myapproval/edit. */
export default function MyApprovalListPage() {
  const t = useT();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [items, setItems] = useState<MyApprovalItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    myApprovalList(page, size)
      .then((r) => {
        if (!live) return;
        setItems(r.items);
        setTotal(r.total);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    void refreshApprovalWaiting();
    return () => {
      live = false;
    };
  }, [page, size]);

  return (
    <div data-testid="myapproval-list">
      <PageTitle>{t('approval.myList')}</PageTitle>
      <ResponsiveTable<MyApprovalItem>
        card={{ title: 'doc', fields: ['entity', 'submitter', 'time'] }}
        rowKey={(r) => `${r.EntityName}:${r.EntityId}`}
        dataSource={items}
        loading={loading}
        size="middle"
        locale={{ emptyText: t('approval.empty') }}
        scroll={{ x: 'max-content' }}
        onRow={(r) =>
          ({
            'data-testid': 'myapproval-row',
            'data-id': r.EntityId,
            'data-entity': r.EntityName,
            style: { cursor: 'pointer' },
            onClick: () => navigate(myApprovalEditPath(r)),
          }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={{
          current: page,
          pageSize: size,
          total,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(s !== size ? 1 : p);
            setSize(s);
          },
        }}
        columns={[
          { key: 'entity', title: t('approval.col.entity'), dataIndex: 'EntityLabel' },
          {
            key: 'doc',
            title: t('approval.col.document'),
            render: (_, r) => <a onClick={(e) => (e.preventDefault(), navigate(myApprovalEditPath(r)))}>{r.DocumentName}</a>,
          },
          { key: 'step', title: t('approval.col.step'), dataIndex: 'StepName' },
          { key: 'submitter', title: t('approval.col.submitter'), dataIndex: 'SubmitterName' },
          { key: 'time', title: t('approval.col.submitTime'), render: (_, r) => (r.SubmitTime ? formatUtc8(r.SubmitTime) : '') },
        ]}
      />
    </div>
  );
}
