import { SaveOutlined } from '@ant-design/icons';
import type { EntityDef } from '@portal/model';
import { Button, Form, Skeleton, type FormInstance } from 'antd';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { toast } from '../../app/feedback.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useFormUnsaved } from '../../entity-ui/use-unsaved-changes.ts';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { RecordFields } from './record-form.tsx';

interface Props {
  testId: string;
  saveTestId: string;
  id?: string;
  title: string;
  backTo: string;
  e: EntityDef;
  fields: string[];
  form: FormInstance;
  loading: boolean;
  /** Runs after the record's fields validated; a throw is shown as a toast; false = not saved (the changes stay unsaved). */
  onSave: (values: Record<string, unknown>) => Promise<void | false>;
  /** What the editor changes besides the record's fields (steps, members): part of "unsaved changes". */
  draft?: unknown;
  /** What the editor holds besides the record's own fields (steps, members). */
  children?: ReactNode;
  /** Inputs replacing a field's generic one (see RecordFields). */
  inputs?: Record<string, ReactElement>;
}

/** The page of a record with child rows: header with back and save, the record's fields, the children. */
export function RecordEditor({ testId, saveTestId, id, title, backTo, e, fields, form, loading, onSave, children, inputs, draft }: Props) {
  const t = useT();
  const lang = useLocale();
  const [saving, setSaving] = useState(false);
  // Asks before unsaved changes are dropped; what was loaded (or saved) is the baseline.
  const unsaved = useFormUnsaved(form, true, draft);
  const { reset } = unsaved;
  useEffect(() => {
    if (!loading) reset();
  }, [loading, reset]);

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      toast.error(t('widgets.form.checkErrors'));
      return;
    }
    setSaving(true);
    try {
      await unsaved.whileSaving(() => onSave(values));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid={testId} data-id={id ?? ''}>
      <DetailHeader
        title={title}
        backTo={backTo}
        extra={
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save} data-testid={saveTestId}>
            {t('common.save')}
          </Button>
        }
      />
      {loading && <Skeleton active />}
      <div style={loading ? { display: 'none' } : undefined}>
        <Form form={form} layout="vertical" name={e.logicalName}>
          <RecordFields e={e} fields={fields} lang={lang} t={t} inputs={inputs} />
        </Form>
        {children}
      </div>
    </div>
  );
}
