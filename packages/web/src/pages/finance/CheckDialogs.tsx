import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatMoney,
  getEntity,
  type AnswerLineInput,
  type DisputeLineInput,
  type StatementHeader,
  type StatementLine,
} from '@portal/model';
import { Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { runCommand } from '../../api/command.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { useT } from '../../locales/i18n.ts';
import type { DisputeRow } from './statement-parts.tsx';
import { statementLines } from './statement-api.ts';

/* The reconciliation's two dialogs: the dealer's dispute (lines with its own figure and reason) and head office's answer. */

const STATEMENT = getEntity('new_accountstatement')!;
/** A signed amount with at most two decimals, as the server takes it. */
const AMOUNT = /^-?\d{1,10}(\.\d{1,2})?$/;
const OTHER = '';
const decimal = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v).toFixed(2));

type DisputeValues = { lines: { moveId: string; amount: string; reason: string }[] };

/** Every line of the statement (page after page), for the dealer to pick from. */
function useStatementLines(open: boolean, header: StatementHeader) {
  const [lines, setLines] = useState<StatementLine[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    (async () => {
      const all: StatementLine[] = [];
      let after: string | null = null;
      do {
        const page = await statementLines(header.unitId, header.month, after);
        all.push(...page.lines);
        after = page.next;
      } while (after && live);
      if (live) setLines(all);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, header.unitId, header.month]);
  return lines;
}

/** 提出异议: one or more lines — a line of the statement (or 其他: something it misses), the dealer's figure (signed as the ledger) and why. */
export function DisputeDialog({
  open,
  header,
  onClose,
  onDone,
}: {
  open: boolean;
  header: StatementHeader;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<DisputeValues>();
  const lines = useStatementLines(open, header);
  const options = [
    ...lines.map((l) => ({ value: l.moveId, label: `${l.date} ${l.kindText} ${l.docName} ${formatMoney(l.amount)}` })),
    { value: OTHER, label: t('statement.disputeOther') },
  ];
  return (
    <CommandDialog<DisputeValues>
      open={open}
      title={t('statement.dispute')}
      testId="ac-dispute-dialog"
      form={form}
      width={720}
      initialValues={{ lines: [{ moveId: lines[0]?.moveId ?? OTHER, amount: '', reason: '' }] }}
      onClose={onClose}
      onDone={onDone}
      send={(v) =>
        runCommand(
          STATEMENT,
          header.id,
          'dispute',
          { lines: v.lines.map((l): DisputeLineInput => ({ moveId: l.moveId || null, amount: l.amount.trim(), reason: l.reason.trim() })) },
          { silent: true },
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('statement.check.signHint')}</Typography.Paragraph>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="start" wrap style={{ display: 'flex', marginBottom: 4 }} data-testid="ac-dispute-line">
                <Form.Item name={[f.name, 'moveId']} label={i === 0 ? t('statement.check.line') : undefined} style={{ width: 300 }}>
                  <Select
                    showSearch
                    optionFilterProp="label"
                    options={options}
                    placeholder={t('statement.check.pickLine')}
                    data-testid="ac-dispute-move"
                    onChange={(id: string) => {
                      const l = lines.find((x) => x.moveId === id);
                      if (l) form.setFieldValue(['lines', f.name, 'amount'], l.amount);
                    }}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'amount']}
                  label={i === 0 ? t('statement.check.theirAmount') : undefined}
                  rules={[{ required: true, pattern: AMOUNT, message: t('statement.disputeAmount', { n: i + 1 }) }]}
                  style={{ width: 150 }}
                >
                  <Input inputMode="decimal" data-testid="ac-dispute-amount" />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'reason']}
                  label={i === 0 ? t('statement.check.reason') : undefined}
                  rules={[{ required: true, whitespace: true, max: 200, message: t('statement.disputeReason', { n: i + 1 }) }]}
                  style={{ width: 200 }}
                >
                  <Input maxLength={200} data-testid="ac-dispute-reason" />
                </Form.Item>
                {fields.length > 1 && (
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('statement.check.removeLine')}
                    onClick={() => remove(f.name)}
                    style={i === 0 ? { marginTop: 30 } : undefined}
                  />
                )}
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ moveId: OTHER, amount: '', reason: '' })}
              data-testid="ac-dispute-add"
            >
              {t('statement.check.addLine')}
            </Button>
          </>
        )}
      </Form.List>
    </CommandDialog>
  );
}

type AnswerValues = { lines: { lineId: string; decision: 'adjust' | 'reject'; amount: string; reason: string }[] };

/** 答复异议: each pending line adjusted (a signed amount, starting at the dealer's difference) or rejected, with the reason. */
export function AnswerDialog({
  open,
  statementId,
  lines,
  onClose,
  onDone,
}: {
  open: boolean;
  statementId: string;
  lines: DisputeRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<AnswerValues>();
  const initial: AnswerValues = {
    // The dealer's difference as a decimal the input takes (the record service answers numbers).
    lines: lines.map((l) => ({ lineId: l.new_accountdisputeid, decision: 'adjust', amount: decimal(l.new_difference), reason: '' })),
  };
  return (
    <CommandDialog<AnswerValues>
      open={open}
      title={t('statement.answer')}
      testId="ac-answer-dialog"
      form={form}
      width={760}
      initialValues={initial}
      onClose={onClose}
      onDone={onDone}
      send={(v) =>
        runCommand(
          STATEMENT,
          statementId,
          'answer',
          {
            lines: v.lines.map(
              (l): AnswerLineInput => ({
                lineId: l.lineId,
                decision: l.decision,
                ...(l.decision === 'adjust' ? { amount: l.amount.trim() } : {}),
                reason: l.reason.trim(),
              }),
            ),
          },
          { silent: true },
        )
      }
    >
      <Form.List name="lines">
        {(fields) =>
          fields.map((f, i) => {
            const l = lines[i];
            return (
              <div key={f.key} data-testid="ac-answer-line" style={{ borderBottom: '1px solid #f0f0f0', marginBottom: 8 }}>
                <Typography.Text strong>
                  {String(l?.new_name ?? '')} · {formatMoney(l?.new_ouramount as string)} → {formatMoney(l?.new_theiramount as string)}
                </Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {String(l?.new_reason ?? '')}
                </Typography.Paragraph>
                <Form.Item name={[f.name, 'lineId']} hidden>
                  <Input />
                </Form.Item>
                <Space align="start" wrap>
                  <Form.Item name={[f.name, 'decision']} label={t('statement.check.decision')}>
                    <Radio.Group
                      data-testid="ac-answer-decision"
                      options={[
                        { value: 'adjust', label: t('statement.check.adjust') },
                        { value: 'reject', label: t('statement.check.reject') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() =>
                      form.getFieldValue(['lines', f.name, 'decision']) === 'adjust' ? (
                        <Form.Item
                          name={[f.name, 'amount']}
                          label={t('statement.check.adjustAmount')}
                          rules={[{ required: true, pattern: AMOUNT, message: t('statement.answerAmount', { n: i + 1 }) }]}
                        >
                          <Input inputMode="decimal" style={{ width: 140 }} data-testid="ac-answer-amount" />
                        </Form.Item>
                      ) : null
                    }
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'reason']}
                    label={t('statement.check.answerReason')}
                    rules={[{ required: true, whitespace: true, max: 200, message: t('statement.answerReason', { n: i + 1 }) }]}
                  >
                    <Input maxLength={200} style={{ width: 260 }} data-testid="ac-answer-reason" />
                  </Form.Item>
                </Space>
              </div>
            );
          })
        }
      </Form.List>
    </CommandDialog>
  );
}
