import { SendOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { countCells } from './count-cells.tsx';
import { NewTaskDialog } from './NewTaskDialog.tsx';

export const taskSheetPath = (id: string) => `/inv/invTaskEdit/${encodeURIComponent(id)}`;
const CELLS = countCells('it');

/**
 * /inv/invTaskList (kept) — the count sheets of head office's inventory tasks: task subject, station,
 * warehouse, state, deadline and progress. invtask.manage holders release a new task here; the
 * list then shows its sheets.
 */
export default function TaskListPage() {
  const t = useT();
  const can = usePrivilege();
  const [open, setOpen] = useState(false);
  // A released task adds sheets: the list is mounted afresh (its query stays in the URL).
  const [version, setVersion] = useState(0);
  return (
    <>
      <EntityListPage
        key={version}
        entity="new_srv_stockcheck"
        routeBase=""
        title={t('menu.invTask')}
        views={['tasks']}
        paths={{ edit: taskSheetPath, view: taskSheetPath }}
        canWrite={false}
        allowCreate={false}
        allowImport={false}
        allowDelete={false}
        renderCell={CELLS}
        headerActions={[
          {
            key: 'newTask',
            label: t('stock.ui.newTask'),
            icon: <SendOutlined />,
            type: 'primary',
            hidden: !can('invtask.manage'),
            onClick: () => setOpen(true),
            testId: 'it-new',
          },
        ]}
      />
      {can('invtask.manage') && (
        <NewTaskDialog
          open={open}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </>
  );
}
