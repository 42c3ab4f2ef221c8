import { statementDetailRoute, type StatementMonths } from '@portal/model';
import { Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { generateStatements, statementMonths } from './statement-api.ts';

/**
 * /accountstatementlist/list — the monthly statements within the caller's reach (head office all,
 * a branch its dealers', a dealer its own), newest month first, exportable; a row opens its
 * detail at /accountstatementDetail/<dealer>/<month>/detail. Head-office finance generates a month
 * (生成对账单): every account at once, or the latest month again while none of it is confirmed.
 */
export default function AccountStatementListPage() {
  const t = useT();
  const can = usePrivilege();
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <EntityListPage
        key={generation}
        entity="new_accountstatement"
        routeBase=""
        title={t('menu.accountStatements')}
        views={['statements']}
        rowFields={['new_unit_id', 'new_month']}
        paths={{ view: (_id, row) => statementDetailRoute(String(row.new_unit_id ?? ''), String(row.new_month ?? '')) }}
        canWrite={false}
        allowCreate={false}
        allowImport={false}
        allowDelete={false}
        headerActions={[
          {
            key: 'generate',
            label: t('statement.generate'),
            type: 'primary',
            hidden: !can('finance.manage'),
            onClick: () => setOpen(true),
            testId: 'st-generate',
          },
        ]}
      />
      <GenerateDialog open={open} onClose={() => setOpen(false)} onDone={() => (setOpen(false), setGeneration((g) => g + 1))} />
    </>
  );
}

/** 生成对账单: the month (YYYY-MM), starting at the one the server says is next. */
function GenerateDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const [form] = Form.useForm<{ month: string }>();
  const [months, setMonths] = useState<StatementMonths | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    statementMonths().then(
      (m) => {
        if (!live) return;
        setMonths(m);
        form.setFieldsValue({ month: m.next });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open, form]);
  return (
    <CommandDialog<{ month: string }>
      open={open}
      title={t('statement.generateTitle')}
      testId="st-generate-dialog"
      form={form}
      initialValues={{ month: months?.next ?? '' }}
      onClose={onClose}
      onDone={onDone}
      send={(v) => generateStatements(v.month.trim())}
    >
      <Typography.Paragraph type="secondary">{t('statement.generateHint')}</Typography.Paragraph>
      <Form.Item
        name="month"
        label={t('statement.month')}
        rules={[{ required: true, pattern: /^\d{4}-(0[1-9]|1[0-2])$/, message: t('statement.monthInvalid') }]}
      >
        <Input placeholder="YYYY-MM" maxLength={7} data-testid="st-generate-month" />
      </Form.Item>
    </CommandDialog>
  );
}
