import { getEntity } from '@portal/model';
import { Card, Form } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { displayValue } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { childRows, loadInto, saveRecord, syncUserRows, writableFields } from './record-form.tsx';
import { RecordEditor } from './RecordEditor.tsx';

/** /flow/createRoleDetail and /flow/roleedit/:id: a flow role and its member users (new_flowroleuser rows). */
export default function FlowRoleFormPage() {
  const { id } = useParams();
  const t = useT();
  const navigate = useNavigate();
  const e = getEntity('new_flowrole')!;
  const link = getEntity('new_flowroleuser')!;
  const fields = useMemo(() => writableFields(e, ['new_name', 'new_description']), [e]);
  const [form] = Form.useForm();
  const [members, setMembers] = useState<LookupRecord[]>([]);
  const [loading, setLoading] = useState(!!id);

  useEffect(() => {
    if (!id) return;
    let live = true;
    setLoading(true);
    Promise.all([loadInto(e, id, fields, form), childRows(link, 'new_flowrole_id', id, ['new_systemuser_id'])])
      .then(
        ([, rows]) =>
          live &&
          setMembers(
            rows.map((r) => ({ id: String(r.new_systemuser_id ?? ''), name: displayValue(r, 'new_systemuser_id') })).filter((m) => m.id),
          ),
      )
      .catch((err) => live && toast.error(err instanceof Error ? err.message : String(err)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, e, link, fields, form]);

  const save = async (values: Record<string, unknown>) => {
    const roleId = await saveRecord(e, id, values, fields);
    await syncUserRows(
      link,
      'new_flowrole_id',
      roleId,
      members.map((m) => m.id),
    );
    toast.success(t(id ? 'widgets.form.saved' : 'widgets.form.created'));
    if (!id) navigate(`/flow/roleedit/${encodeURIComponent(roleId)}`, { replace: true });
  };

  return (
    <RecordEditor
      testId="role-form"
      saveTestId="role-save"
      id={id}
      title={t(id ? 'approval.role.edit' : 'approval.role.create')}
      backTo="/flow/role"
      e={e}
      fields={fields}
      form={form}
      loading={loading}
      onSave={save}
      draft={members}
    >
      <Card title={t('approval.role.members')} size="small">
        <LookupInput
          multiple
          def={{ entityName: 'systemuser' }}
          value={members}
          onChange={setMembers}
          testId="role-member-add"
          placeholder={t('approval.role.addMember')}
        />
      </Card>
    </RecordEditor>
  );
}
