import { getEntity } from '@portal/model';
import { Alert, Form, Input } from 'antd';
import { closeRequest } from '../../api/parts.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { forDialog } from './dialog-answer.ts';
import { MAX_MEMO } from './LineFields.tsx';
import type { RequestDocument } from './request-documents.ts';
import { lengthCount } from '../../widgets/typed-rules.ts';

/**
 * 关闭: an approved application or transfer that is not fully delivered is closed with a reason
 * (required, at most 100 characters); the server releases what is reserved. Hooks:
 * `<prefix>-close-dialog` (`-ok`, `-cancel`, `-error`), `<prefix>-close-reason`.
 */
export function CloseDialog({
  doc,
  docId,
  open,
  onClose,
  onDone,
}: {
  doc: RequestDocument;
  docId: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<{ reason: string }>();
  const field = getEntity(doc.entity)!.allFields.new_closereason.label[lang];
  return (
    <CommandDialog<{ reason: string }>
      open={open}
      title={t('parts.ui.closeTitle')}
      testId={`${doc.prefix}-close-dialog`}
      form={form}
      initialValues={{ reason: '' }}
      onClose={onClose}
      onDone={onDone}
      send={(v) => forDialog(closeRequest(doc.kind, docId, { reason: v.reason.trim() }))}
    >
      <Alert type="warning" showIcon title={t('parts.ui.closeHint')} style={{ marginBottom: 12 }} />
      <Form.Item
        name="reason"
        label={field}
        required
        rules={[
          { required: true, whitespace: true, message: t('parts.closeReasonRequired') },
          { max: MAX_MEMO, message: t('parts.reasonTooLong', { field }) },
        ]}
      >
        <Input.TextArea data-testid={`${doc.prefix}-close-reason`} count={lengthCount(MAX_MEMO)} autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
    </CommandDialog>
  );
}
