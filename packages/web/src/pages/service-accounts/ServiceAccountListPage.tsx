import { PlusOutlined } from '@ant-design/icons';
import { serviceAccountState, type ServiceAccountResult } from '@portal/model';
import { useState } from 'react';
import { rotateServiceAccountSecret, setServiceAccountEnabled } from '../../api/service-accounts.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { ServiceAccountDialog } from './ServiceAccountDialog.tsx';
import { SecretOnce } from './SecretOnce.tsx';

/**
 * /systemparameter/serviceaccount: the systems that call the API (name, client id, units, roles,
 * state, limit, last used) — the generic list, read-only (every field is command-owned), with the
 * commands: new (secret shown once), edit, new secret (confirmed; shown once), disable / enable.
 */
export default function ServiceAccountListPage() {
  const t = useT();
  // The dialog: closed (false), a new account (null) or the account being changed (its id).
  const [dialog, setDialog] = useState<string | null | false>(false);
  const [made, setMade] = useState<ServiceAccountResult | null>(null);
  // Bumped after a command: the list is drawn anew and reads the rows again.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  const fail = (e: unknown) => toast.error(e instanceof Error ? e.message : String(e));
  const rotate = (id: string) =>
    confirm({
      content: t('sa.ui.rotateConfirm'),
      okButtonProps: { 'data-testid': 'sa-rotate-ok' },
      onOk: () =>
        rotateServiceAccountSecret(id).then((r) => {
          setMade(r);
          reload();
        }, fail),
    });
  const toggle = (id: string, enable: boolean) => {
    const run = () =>
      setServiceAccountEnabled(id, enable).then((r) => {
        toast.success(r.message);
        reload();
      }, fail);
    if (enable) return void run();
    confirm({ content: t('sa.ui.disableConfirm'), okButtonProps: { 'data-testid': 'sa-disable-ok' }, onOk: run });
  };

  return (
    <div data-testid="page-service-accounts">
      <EntityListPage
        key={version}
        entity="new_serviceaccount"
        routeBase="/systemparameter/serviceaccount"
        title={t('menu.serviceAccount')}
        canWrite={false}
        allowCreate={false}
        allowImport={false}
        allowDelete={false}
        rowFields={['new_state']}
        paths={{ view: (id) => `/systemparameter/serviceaccount/view/${encodeURIComponent(id)}` }}
        headerActions={[
          {
            key: 'new',
            label: t('sa.ui.new'),
            icon: <PlusOutlined />,
            type: 'primary',
            onClick: () => setDialog(null),
            testId: 'sa-new',
          },
        ]}
        rowActions={(row) => {
          const id = String(row.new_serviceaccountid);
          const enabled = Number(row.new_state) === serviceAccountState.enabled;
          return [
            { key: 'edit', label: t('sa.ui.edit'), onClick: () => setDialog(id), testId: 'sa-edit' },
            { key: 'rotate', label: t('sa.ui.rotate'), onClick: () => rotate(id), testId: 'sa-rotate' },
            enabled
              ? { key: 'disable', label: t('sa.ui.disable'), danger: true, onClick: () => toggle(id, false), testId: 'sa-disable' }
              : { key: 'enable', label: t('sa.ui.enable'), onClick: () => toggle(id, true), testId: 'sa-enable' },
          ];
        }}
      />
      <ServiceAccountDialog
        open={dialog !== false}
        editId={dialog || null}
        onClose={() => setDialog(false)}
        onDone={(r) => {
          setDialog(false);
          if (r.clientSecret) setMade(r);
          reload();
        }}
      />
      <SecretOnce made={made} onClose={() => setMade(null)} />
    </div>
  );
}
