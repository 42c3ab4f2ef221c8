import { PlusOutlined } from '@ant-design/icons';
import { stockCheckState } from '@portal/model';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { NewCountDialog } from './NewCountDialog.tsx';

export const countPath = (id: string) => `/stockcheck/edit/${encodeURIComponent(id)}`;
const CELLS = { new_state: (row: RecordRow) => <OptionTag set={stockCheckState} value={row.new_state} testId="sc-row-state" /> };

/**
 * /stockcheck/list — count sheets (all, not confirmed, from tasks). Sheets are made and changed by
 * the count commands, so the list has no generic new, import or delete; stock.write holders open a
 * new count here, and land on the sheet.
 */
export default function CountListPage() {
  const t = useT();
  const can = usePrivilege();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <EntityListPage
        entity="new_srv_stockcheck"
        routeBase=""
        title={t('menu.takeStock')}
        views={['all', 'open', 'tasks']}
        paths={{ edit: countPath, view: countPath }}
        canWrite={false}
        allowCreate={false}
        allowImport={false}
        allowDelete={false}
        renderCell={CELLS}
        headerActions={[
          {
            key: 'newCount',
            label: t('stock.ui.newCount'),
            icon: <PlusOutlined />,
            type: 'primary',
            hidden: !can('stock.write'),
            onClick: () => setOpen(true),
            testId: 'sc-new',
          },
        ]}
      />
      {can('stock.write') && (
        <NewCountDialog
          open={open}
          onClose={() => setOpen(false)}
          onDone={(a) => {
            setOpen(false);
            if (a.id) navigate(countPath(a.id));
          }}
        />
      )}
    </>
  );
}
