import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { editableFields, getEntity, isClientField, rowLock, stateFields, type EntityDef, type Lang } from '@portal/model';
import type { Rule } from 'antd/es/form';
import { Button, Col, Form, Result, Row, Skeleton, Tabs, type TabsProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/envelope.ts';
import type { LookupCondition } from '../api/lookup.ts';
import { createRecord, deleteRecord, fieldErrorsOf, retrieveRecord, updateRecord, type RecordRow } from '../api/records.ts';
import { confirm, toast } from '../app/feedback.ts';
import { useLocale, useT, type Translate } from '../locales/i18n.ts';
import { usePrivilege } from '../session/use-privilege.ts';
import { AttachmentList } from '../widgets/attachments/AttachmentList.tsx';
import { ButtonGroup, HEADER_MAX, type ActionButton } from '../widgets/ButtonGroup.tsx';
import { CollapsibleSection } from '../widgets/CollapsibleSection.tsx';
import { DetailHeader } from '../widgets/DetailHeader.tsx';
import { useKeptEffect } from '../app/use-kept-effect.ts';
import { ScrollSideNav } from '../widgets/ScrollSideNav.tsx';
import { AddressFieldInput, fromAddressValue, toAddressValue, type AddressFields } from './AddressFieldInput.tsx';
import { FieldItem, inputFor, rulesFor } from './FieldInput.tsx';
import { formSections, toFormValues, toPayload } from './form-values.ts';
import { RecordDescriptions } from './RecordDescriptions.tsx';
import { useFormUnsaved } from './use-unsaved-changes.ts';
import { closeScreen } from '../app/unsaved-changes.ts';
import type { AddressValue } from '../widgets/AddressPicker.tsx';
import { useOwnStation } from './own-station.ts';

export interface EntityFormPageProps {
  entity: string;
  /** The record; none = a new one. */
  id?: string;
  /** Where "back" (and delete) go. */
  backTo: string;
  /** The edit screen of a record just created (the page moves there). */
  editPath?: (id: string) => string;
  title?: ReactNode;
  /** Initial values of a new record, as form values (lookups as {id, name}). */
  defaults?: Record<string, unknown>;
  hiddenFields?: string[];
  /** Shown but not editable here (e.g. a station user's own station). */
  lockedFields?: string[];
  /** Overrides the model's write privilege check. */
  canWrite?: boolean;
  /** Overrides who may add and remove attachments (default: writers, and holders of the model's `access.attach`). */
  canAttach?: boolean;
  allowDelete?: boolean;
  /** Extra header buttons. */
  actions?: ActionButton[];
  extraTabs?: TabsProps['items'];
  onLoaded?: (row: RecordRow) => void;
  /** Text fields edited together with one address picker (shown in place of the province field). */
  addressFields?: AddressFields;
  /** Changing it reloads the record in place (after a command changed it on the server). */
  reloadSignal?: number;
  /** Per lookup field, conditions on what its dialog offers (e.g. `new_type eq 1`). */
  lookupConditions?: Record<string, LookupCondition[]>;
  /** Required on this screen though not in the model (an overseas order's country and currency). */
  requiredFields?: string[];
  /** `false`: no attachments tab (a screen that serves the file its own way, e.g. a counted download). */
  attachmentsTab?: boolean;
}

/**
 * The generic record screen (create, edit or view by id): detail header with back, collapsible
 * sections from the model's form with a side navigation following the scroll, one input per field
 * type, server validation errors on their fields, and an attachments tab once the record exists.
 */
export function EntityFormPage(props: EntityFormPageProps) {
  const e = getEntity(props.entity);
  if (!e) throw new Error(`unknown entity ${props.entity}`);
  return <EntityForm key={`${props.entity}:${props.id ?? 'new'}`} {...props} e={e} />;
}

function EntityForm({
  e,
  id,
  backTo,
  editPath,
  title,
  defaults: givenDefaults,
  hiddenFields,
  lockedFields: givenLocked,
  canWrite,
  canAttach,
  allowDelete = true,
  actions,
  extraTabs,
  onLoaded,
  addressFields,
  reloadSignal,
  lookupConditions,
  requiredFields,
  attachmentsTab = true,
}: EntityFormPageProps & { e: EntityDef }) {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const can = usePrivilege();
  const [form] = Form.useForm();
  const creating = !id;
  const own = useOwnStation(e);
  const defaults = useMemo(
    () => (own && creating ? { [own.field]: own.value, ...givenDefaults } : givenDefaults),
    [own, creating, givenDefaults],
  );
  const lockedFields = useMemo(
    () => (own && !givenLocked?.includes(own.field) ? [...(givenLocked ?? []), own.field] : givenLocked),
    [own, givenLocked],
  );
  const sections = useMemo(
    () => formSections(e, lang, t('widgets.form.details'), hiddenFields, creating),
    [e, lang, t, hiddenFields, creating],
  );
  const fields = useMemo(() => sections.flatMap((s) => s.fields), [sections]);
  const [row, setRow] = useState<RecordRow | null>(null);
  // The model's edit rule, as the server applies it: a row in a state the form may not change is
  // shown read-only; a field the caller may not write in this state (or at all) stays locked.
  const stateLocked = !creating && !!row && !!rowLock(e, row, 'update');
  const writable = (canWrite ?? (!!e.access?.write && can(e.access.write))) && !stateLocked;
  const readOnly = !writable;
  const attachable = canAttach ?? (writable || (!!e.access?.attach && can(e.access.attach)));
  const ruleLocked = useMemo(() => {
    const editable = editableFields(e, fields, creating ? null : (row ?? {}), can);
    return new Set(fields.filter((f) => !editable.has(f)));
  }, [e, fields, creating, row, can]);
  // Asks before unsaved changes are dropped: what would be saved, against what was last loaded or saved.
  const unsaved = useFormUnsaved(form, !readOnly, undefined, (v) =>
    toPayload(
      e,
      addressFields ? { ...v, ...fromAddressValue(v[addressFields.province] as AddressValue, addressFields) } : v,
      fields,
      false,
    ),
  );
  const [loading, setLoading] = useState(!creating);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('details');
  const addressPart = useMemo(
    () => new Set(addressFields ? [addressFields.city, addressFields.county, addressFields.address] : []),
    [addressFields],
  );
  /** The address fields' texts become one picker value under the province field's name. */
  const withAddress = (values: Record<string, unknown>, r: RecordRow) =>
    addressFields ? { ...values, [addressFields.province]: toAddressValue(r, addressFields) } : values;

  const load = useCallback(async () => {
    if (!id) return;
    setLoading(true);
    try {
      const r = await retrieveRecord(e.entitySet, id, [...new Set([e.primaryKey, e.primaryName, ...fields, ...stateFields(e)])], {
        silent: true,
      });
      setRow(r);
      form.setFieldsValue(withAddress(toFormValues(e, r, fields), r));
      unsaved.reset();
      onLoaded?.(r);
    } catch (err) {
      setMissing(true);
      if (err instanceof ApiError && err.status !== 404) toast.error(err.message);
    } finally {
      setLoading(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [e, id, fields, form]);

  // Not again when its page tab is shown again (Activity re-runs effects): that would drop what was typed.
  useKeptEffect(() => {
    if (creating) {
      form.setFieldsValue({ ...withAddress(toFormValues(e, {}, fields), {}), ...defaults });
      unsaved.reset();
    } else void load();
  }, [creating, load]);

  const firstSignal = useRef(reloadSignal);
  useEffect(() => {
    if (reloadSignal !== firstSignal.current && !creating) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloadSignal]);

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
      // The picker's value stands for the address fields: spread back into them.
      if (addressFields) values = { ...values, ...fromAddressValue(values[addressFields.province] as AddressValue, addressFields) };
      const body = toPayload(
        e,
        values,
        fields.filter((f) => (!lockedFields?.includes(f) || creating) && !ruleLocked.has(f)),
        creating,
      );
      if (creating) {
        const r = await createRecord(e.entitySet, body, { silent: true });
        toast.success(t('widgets.form.created'));
        unsaved.reset();
        if (r?.id && editPath) navigate(editPath(r.id), { replace: true });
        else {
          // Saved and done: the create screen (and its page tab) closes rather than keep the saved values.
          closeScreen(unsaved.key);
          navigate(backTo);
        }
      } else {
        await updateRecord(e.entitySet, id!, body, { silent: true });
        toast.success(t('widgets.form.saved'));
        await load();
      }
    } catch (err) {
      // 400: { errors: [{ field, message }] } → onto the fields; the joined Message as a toast.
      const errors = err instanceof ApiError ? fieldErrorsOf(err.data) : [];
      const known = errors
        .filter((x) => fields.includes(x.field))
        .map((x) => (addressFields && addressPart.has(x.field) ? { ...x, field: addressFields.province } : x));
      if (known.length) {
        const byField = new Map<string, string[]>();
        for (const x of known) byField.set(x.field, [...(byField.get(x.field) ?? []), x.message]);
        form.setFields([...byField].map(([name, errs]) => ({ name, errors: errs })));
        setTab('details');
        form.scrollToField(known[0].field, { block: 'center' });
      }
      if (err instanceof Error && err.message) toast.error(err.message);
    } finally {
      setSaving(false);
    }
  };

  const remove = () =>
    confirm({
      title: t('widgets.action.delete'),
      content: t('widgets.list.deleteConfirm', { name: String(row?.[e.primaryName] ?? '') }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await deleteRecord(e.entitySet, id!);
        toast.success(t('widgets.list.deleted'));
        navigate(backTo);
      },
    });

  const heading =
    title ??
    (creating
      ? t('widgets.form.create', { entity: e.label[lang] })
      : readOnly
        ? t('widgets.form.view', { entity: e.label[lang] })
        : t('widgets.form.edit', { entity: e.label[lang] }));
  const recordName = row ? String(row[e.primaryName] ?? '') : '';

  const buttons: ActionButton[] = [
    {
      key: 'save',
      label: t('common.save'),
      icon: <SaveOutlined />,
      type: 'primary',
      hidden: readOnly,
      loading: saving,
      onClick: save,
      testId: 'form-save',
    },
    {
      key: 'delete',
      label: t('widgets.action.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      hidden: readOnly || creating || !allowDelete || !!rowLock(e, row, 'delete'),
      onClick: remove,
      testId: 'form-delete',
    },
    ...(actions ?? []),
  ];

  if (missing) {
    return (
      <div data-testid="entity-form" data-entity={e.logicalName}>
        <DetailHeader title={heading} backTo={backTo} />
        <Result
          status="404"
          title={t('widgets.form.notFound')}
          extra={<Button onClick={() => navigate(backTo)}>{t('common.back')}</Button>}
        />
      </div>
    );
  }

  const details = (
    <Row gutter={24} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {loading && <Skeleton active paragraph={{ rows: 8 }} />}
        {/* Read-only: description panels, not disabled inputs; the (fieldless) form still holds the values. */}
        {readOnly && !loading && <RecordDescriptions e={e} row={row} sections={sections} lang={lang} addressFields={addressFields} />}
        <Form
          form={form}
          component={readOnly ? false : undefined}
          layout="vertical"
          disabled={readOnly}
          requiredMark={!readOnly}
          style={loading ? { display: 'none' } : undefined}
          name={e.logicalName}
        >
          {!readOnly &&
            sections.map((s) => (
              <CollapsibleSection key={s.key} id={`section-${s.key}`} title={s.label} testId={`form-section-${s.key}`}>
                <Row gutter={24}>
                  {s.fields.map((name) => {
                    const f = requiredFields?.includes(name) ? { ...e.allFields[name], required: true } : e.allFields[name];
                    const locked = !isClientField(e, name) || !!lockedFields?.includes(name) || ruleLocked.has(name);
                    if (addressPart.has(name)) return null;
                    if (addressFields?.province === name) {
                      return (
                        <Col key={name} xs={24}>
                          <FieldItem
                            name={name}
                            label={[addressFields.province, addressFields.city, addressFields.county, addressFields.address]
                              .map((n) => e.allFields[n]?.label[lang] ?? n)
                              .join(' / ')}
                            required={!readOnly && !locked}
                            rules={locked ? [] : addressRules(e, addressFields, lang, t)}
                          >
                            <AddressFieldInput testId={`field-${name}`} disabled={readOnly || locked} />
                          </FieldItem>
                        </Col>
                      );
                    }
                    const wide = f.type === 'memo' || f.type === 'image';
                    return (
                      <Col key={name} xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
                        <FieldItem
                          name={name}
                          label={f.label[lang]}
                          required={!!f.required && !locked && !readOnly}
                          rules={locked ? [] : rulesFor(f, lang, t)}
                          valuePropName={f.type === 'bool' ? 'checked' : undefined}
                        >
                          {inputFor(e, name, f, lang, t, readOnly || locked, lookupConditions?.[name])}
                        </FieldItem>
                      </Col>
                    );
                  })}
                </Row>
              </CollapsibleSection>
            ))}
        </Form>
      </Col>
      {sections.length > 1 && (
        <Col flex="180px" className="form-side-col">
          <div className="form-side-sticky">
            <ScrollSideNav title={t('widgets.form.sections')} items={sections.map((s) => ({ id: `section-${s.key}`, title: s.label }))} />
          </div>
        </Col>
      )}
    </Row>
  );

  const tabs: TabsProps['items'] = [
    { key: 'details', label: <span data-testid="form-tab-details">{t('widgets.form.details')}</span>, children: details },
    ...(e.attachments && attachmentsTab && !creating && row
      ? [
          {
            key: 'attachments',
            label: <span data-testid="form-tab-attachments">{t('widgets.form.attachments')}</span>,
            children: <AttachmentList moduleType={e.logicalName} objectId={id!} readOnly={!attachable} />,
          },
        ]
      : []),
    ...(extraTabs ?? []),
  ];

  return (
    <div
      data-testid="entity-form"
      data-entity={e.logicalName}
      data-id={id ?? ''}
      data-loading={loading ? 'true' : undefined}
      className="entity-form"
    >
      <DetailHeader
        title={heading}
        backTo={backTo}
        tags={recordName ? <span className="detail-header-sub">{recordName}</span> : undefined}
        extra={<ButtonGroup items={buttons} max={HEADER_MAX} />}
      />
      {tabs.length > 1 ? <Tabs activeKey={tab} onChange={setTab} items={tabs} /> : details}
    </div>
  );
}

/** The model's required address parts, checked in the order a user fills them in. */
function addressRules(e: EntityDef, a: AddressFields, lang: Lang, t: Translate): Rule[] {
  const need = (f: string) => !!e.allFields[f]?.required;
  return [
    {
      validator: (_: unknown, v: AddressValue | null) => {
        if (need(a.province) && !v?.province) return Promise.reject(new Error(t('widgets.address.provinceFirst')));
        if (need(a.city) && !v?.city) return Promise.reject(new Error(t('widgets.address.cityFirst')));
        if (need(a.county) && !v?.country)
          return Promise.reject(new Error(t('widgets.form.requiredSelect', { field: e.allFields[a.county].label[lang] })));
        const max = (e.allFields[a.address] as { maxLength?: number } | undefined)?.maxLength;
        if (need(a.address) && !v?.address?.trim())
          return Promise.reject(new Error(t('widgets.form.required', { field: e.allFields[a.address].label[lang] })));
        if (max && (v?.address?.length ?? 0) > max)
          return Promise.reject(new Error(t('validation.maxLength', { field: e.allFields[a.address].label[lang], max })));
        return Promise.resolve();
      },
    },
  ];
}
