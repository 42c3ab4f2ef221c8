import { portalKind, type StaffInput, type StaffOptions } from '@portal/model';
import { Alert, Checkbox, Form, Input, Radio, Select, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/envelope.ts';
import { staffOptions } from '../../api/user-centre.ts';
import { useLocale, useT } from '../../locales/i18n.ts';

export type StaffValues = Required<Pick<StaffInput, 'fullname' | 'unitId' | 'roles' | 'portal'>> & { mobilephone?: string; title?: string };

/** The units and roles a dealer may give (loaded once per form). */
export function useStaffOptions(): { options: StaffOptions | null; error: string | null } {
  const [options, setOptions] = useState<StaffOptions | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    staffOptions().then(
      (o) => live && setOptions(o),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);
  return { options, error };
}

/**
 * Marks the fields a refusal names (the server's `Data.errors`, or the one field of a business
 * refusal) and answers the text to show above the form for the rest.
 */
export function showRefusal(form: FormInstance, e: unknown): string {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  const errors = (e.data as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? [];
  const known = new Set(['fullname', 'mobilephone', 'title', 'unitId', 'roles', 'portal']);
  const marked = errors.filter((x) => known.has(x.field));
  const byField = new Map<string, string[]>();
  for (const x of marked) byField.set(x.field, [...(byField.get(x.field) ?? []), x.message]);
  form.setFields([...byField].map(([name, list]) => ({ name, errors: list })));
  return marked.length === errors.length && marked.length ? '' : e.message;
}

/** Name, mobile (a new account's sign-in name), title, unit, roles and portal of a staff account. */
export function StaffFields({ options, creating }: { options: StaffOptions; creating: boolean }) {
  const t = useT();
  const lang = useLocale();
  return (
    <>
      <Form.Item name="fullname" label={t('staff.ui.fullname')} rules={[{ required: true, message: t('staff.nameRequired') }]}>
        <Input maxLength={60} data-testid="staff-fullname" />
      </Form.Item>
      {creating && (
        <Form.Item name="mobilephone" label={t('staff.ui.mobile')} rules={[{ required: true, message: t('staff.mobileRequired') }]}>
          <Input maxLength={20} inputMode="tel" data-testid="staff-mobile" />
        </Form.Item>
      )}
      <Form.Item name="title" label={t('staff.ui.title')}>
        <Input maxLength={60} data-testid="staff-title" />
      </Form.Item>
      <Form.Item name="unitId" label={t('staff.ui.unit')} rules={[{ required: true, message: t('staff.unitRequired') }]}>
        <Select
          data-testid="staff-unit"
          options={options.units.map((u) => ({ value: u.id, label: u.code ? `${u.name}（${u.code}）` : u.name }))}
        />
      </Form.Item>
      <Form.Item name="roles" label={t('staff.ui.roles')} rules={[{ required: true, message: t('staff.rolesRequired') }]}>
        <Checkbox.Group
          data-testid="staff-roles"
          options={options.roles.map((r) => ({ value: r.code, label: <span data-testid={`staff-role-${r.code}`}>{r.name}</span> }))}
        />
      </Form.Item>
      <Form.Item
        name="portal"
        label={t('staff.ui.portal')}
        extra={t('staff.ui.portalHint')}
        rules={[{ required: true, message: t('staff.portalRequired') }]}
      >
        <Radio.Group data-testid="staff-portal">
          {portalKind.options.map((o) => (
            <Radio key={o.value} value={o.value} data-testid={`staff-portal-${o.value}`}>
              {o.label[lang]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </>
  );
}

export function OptionsError({ error }: { error: string | null }) {
  return error ? <Alert type="error" showIcon title={error} data-testid="staff-options-error" /> : null;
}
