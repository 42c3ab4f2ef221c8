import { Alert, Button, Form, Modal, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/envelope.ts';
import { refusalFieldErrors } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';

/**
 * The frame of every command dialog (work orders, parts, documents' declared inputs): a form validated before sending, one command
 * call, the server's message as a toast on success (then the screen reloads the order), and the
 * server's refusal shown in the dialog as given (at its field when it names one of the form's).
 */
// The answer type is the caller's (work orders answer their statuses too): it only needs a message.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
// biome-ignore lint/suspicious/noExplicitAny: the answer type follows `send` (callers' onDone take their command's own answer)
export function CommandDialog<V extends object, A extends { message: string } = any>({
  open,
  title,
  testId,
  form,
  initialValues,
  onClose,
  onDone,
  send,
  children,
  width = 560,
  okText,
}: {
  open: boolean;
  title: ReactNode;
  /** Root hook of the dialog; the OK button is `<testId>-ok`, the refusal `<testId>-error`. */
  testId: string;
  form: FormInstance<V>;
  /** Values set each time the dialog opens. */
  initialValues?: Partial<V>;
  onClose: () => void;
  onDone: (answer: A) => void;
  /** Builds the request from the validated values and calls the command. */
  send: (values: V) => Promise<A>;
  children: ReactNode;
  width?: number;
  okText?: ReactNode;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  // The form is mounted afresh on each opening (destroyOnHidden) and starts from initialValues: the
  // caller's form instance outlives the Modal, so its values are cleared when the form unmounts
  // (clearOnDestroy); otherwise the last line's values win over the next line's initialValues.
  useEffect(() => {
    if (open) setError('');
  }, [open]);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    setError('');
    try {
      const answer = await send(values);
      if (answer.message) toast.success(answer.message);
      onDone(answer);
    } catch (e) {
      const text = e instanceof ApiError || e instanceof Error ? e.message : String(e);
      // A refusal naming a field of this form (400 Data.errors, or error.field of a command) shows at
      // that field, the dialog staying open to correct it; any other refusal above the form.
      const shown = new Set(Object.keys(form.getFieldsValue()));
      const errors = e instanceof ApiError ? refusalFieldErrors(e).filter((x) => shown.has(x.field)) : [];
      if (errors.length) {
        form.setFields(errors.map((x) => ({ name: x.field, errors: [x.message] })) as Parameters<typeof form.setFields>[0]);
        return;
      }
      setError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid={`${testId}-cancel`}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={submit} data-testid={`${testId}-ok`}>
          {okText ?? t('common.ok')}
        </Button>,
      ]}
    >
      <div data-testid={testId}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid={`${testId}-error`} />}
        <Form form={form} layout="vertical" preserve={false} clearOnDestroy initialValues={initialValues}>
          {children}
        </Form>
      </div>
    </Modal>
  );
}
