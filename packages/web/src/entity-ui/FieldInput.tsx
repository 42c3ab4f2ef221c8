import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { orderPhone, PATTERNS, type EntityDef, type FieldDef, type Lang } from '@portal/model';
import { Button, DatePicker, Form, Input, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { cloneElement, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { toast } from '../app/feedback.ts';
import type { LookupCondition } from '../api/lookup.ts';
import type { Translate } from '../locales/i18n.ts';
import { extensionOf } from '../shared/format.ts';
import { LookupInput } from '../widgets/lookup/LookupInput.tsx';
import { MoneyInput } from '../widgets/MoneyInput.tsx';
import { NumberInput } from '../widgets/NumberInput.tsx';
import { lengthCount, lengthRule, numberRule } from '../widgets/typed-rules.ts';
import { Picklist } from '../widgets/Picklist.tsx';
import { FillingLookupInput } from './FillingLookupInput.tsx';
import { sizeLabel } from './form-values.ts';

const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif'];

/** An image kept inline as a data URL (worker photos): type and size checked, with a preview. */
export function ImageInput({
  value,
  onChange,
  maxBytes,
  label,
  testId,
  disabled,
  t,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  maxBytes: number;
  label: string;
  testId?: string;
  disabled?: boolean;
  t: Translate;
}) {
  const input = useRef<HTMLInputElement>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(extensionOf(file.name))) {
      toast.error(t('widgets.form.imageBadType'));
      return;
    }
    if (file.size > maxBytes) {
      toast.error(t('widgets.form.imageTooLarge', { field: label, size: sizeLabel(maxBytes) }));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => onChange?.(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <div className="image-input">
      <div className="image-input-preview">
        {value ? <img src={value} alt={label} data-testid={testId ? `${testId}-preview` : undefined} /> : <PictureOutlined aria-hidden />}
      </div>
      <Space orientation="vertical" size={4}>
        <Space>
          <Button size="small" onClick={() => input.current?.click()} disabled={disabled}>
            {t('widgets.form.chooseImage')}
          </Button>
          {value && !disabled && (
            <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              {t('widgets.form.removeImage')}
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('widgets.form.imageHint', { size: sizeLabel(maxBytes) })}
        </Typography.Text>
      </Space>
      <input
        ref={input}
        type="file"
        hidden
        accept=".png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif"
        data-testid={testId}
        disabled={disabled}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}

/**
 * The input of one field type (spec: one input per field type). `lookupConditions` narrows what a
 * lookup offers (e.g. central warehouses only); the server still checks the value.
 */
export function inputFor(
  e: EntityDef,
  name: string,
  f: FieldDef,
  lang: Lang,
  t: Translate,
  disabled: boolean,
  lookupConditions?: LookupCondition[],
): ReactElement {
  const testId = `field-${name}`;
  switch (f.type) {
    case 'memo':
      return (
        <Input.TextArea
          data-testid={testId}
          count={lengthCount(f.maxLength, f.maxLength <= 2000)}
          autoSize={{ minRows: 3, maxRows: 12 }}
          disabled={disabled}
        />
      );
    case 'int':
      return <NumberInput testId={testId} decimal={false} disabled={disabled} />;
    case 'decimal':
      return <NumberInput testId={testId} disabled={disabled} />;
    case 'money':
      return <MoneyInput testId={testId} disabled={disabled} />;
    case 'bool':
      return (
        <Switch data-testid={testId} disabled={disabled} checkedChildren={f.trueLabel?.[lang]} unCheckedChildren={f.falseLabel?.[lang]} />
      );
    case 'date':
      return <DatePicker data-testid={testId} style={{ width: '100%' }} disabled={disabled} />;
    case 'datetime':
      return (
        <DatePicker
          data-testid={testId}
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          disabled={disabled}
        />
      );
    case 'optionset':
      return <Picklist entity={e.logicalName} attribute={name} testId={testId} disabled={disabled} />;
    case 'lookup':
      if (f.fills) return <FillingLookupInput field={f} name={name} conditions={lookupConditions} testId={testId} disabled={disabled} />;
      return <LookupInput def={{ entityName: f.target, conditions: lookupConditions }} testId={testId} disabled={disabled} />;
    case 'image':
      return <ImageInput maxBytes={f.maxBytes} label={f.label[lang]} testId={testId} disabled={disabled} t={t} />;
    default:
      return <Input data-testid={testId} count={lengthCount(f.maxLength, false)} disabled={disabled} />;
  }
}

/** Validation rules from the model: required, pattern (the catalogue's message), length. */
export function rulesFor(f: FieldDef, lang: Lang, t: Translate): Rule[] {
  const field = f.label[lang];
  const rules: Rule[] = [];
  if (f.required && f.type !== 'bool') {
    const choose = f.type === 'optionset' || f.type === 'lookup' || f.type === 'date' || f.type === 'datetime' || f.type === 'image';
    rules.push({
      required: true,
      message: t(choose ? 'widgets.form.requiredSelect' : 'widgets.form.required', { field }),
      // A lookup's value is an object; an empty one counts as missing.
      ...(f.type === 'lookup'
        ? {
            validator: (_: unknown, v: { id?: string } | null) =>
              v?.id ? Promise.resolve() : Promise.reject(new Error(t('widgets.form.requiredSelect', { field }))),
          }
        : {}),
      ...(f.type === 'text' || f.type === 'memo' ? { whitespace: true } : {}),
    });
  }
  if (f.type === 'text' && f.phoneByRow) {
    // The rule follows the row, as on the server: an international number on an overseas order.
    const by = f.phoneByRow;
    rules.push(({ getFieldValue }) => ({
      validator: (_: unknown, v: unknown) =>
        typeof v !== 'string' || !v.trim() || orderPhone(v, getFieldValue(by.overseas) === true, getFieldValue(by.country)) !== null
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.pattern', { field }))),
    }));
  } else if (f.type === 'text' && f.pattern) rules.push({ pattern: PATTERNS[f.pattern], message: t('validation.pattern', { field }) });
  if (f.type === 'text' || f.type === 'memo') rules.push(lengthRule(field, f.maxLength, t));
  // Typed numbers are refused, never clamped or rounded (money: 0 or more unless the field says otherwise).
  if (f.type === 'int') rules.push(numberRule({ field, integer: true, min: f.min, max: f.max }, t));
  if (f.type === 'decimal') rules.push(numberRule({ field, scale: f.precision, min: f.min, max: f.max }, t));
  if (f.type === 'money') rules.push(numberRule({ field, scale: 2, min: f.min ?? 0, max: f.max }, t));
  return rules;
}

/** Passes the errors antd holds for the field up to the Form.Item, which shows them with a test hook. */
function ErrorProbe({
  onErrors,
  children,
  ...injected
}: { onErrors: (e: ReactNode[]) => void; children: ReactElement } & Record<string, unknown>) {
  const { errors } = Form.Item.useStatus();
  const key = errors.map((e) => String(e)).join('\n');
  const latest = useRef(errors);
  latest.current = errors;
  useEffect(() => onErrors(latest.current), [key, onErrors]);
  return cloneElement(children, injected);
}

/** A labelled form field whose error list carries `field-error-<name>`. */
export function FieldItem({
  name,
  label,
  required,
  rules,
  valuePropName,
  children,
  extra,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  rules?: Rule[];
  valuePropName?: string;
  children: ReactElement;
  extra?: ReactNode;
}) {
  const [errors, setErrors] = useState<ReactNode[]>([]);
  return (
    <Form.Item
      name={name}
      label={label}
      required={required}
      rules={rules}
      valuePropName={valuePropName}
      extra={extra}
      help={
        errors.length > 0 ? (
          <div data-testid={`field-error-${name}`}>
            {errors.map((e, i) => (
              <div key={i}>{e}</div>
            ))}
          </div>
        ) : undefined
      }
    >
      <ErrorProbe onErrors={setErrors}>{children}</ErrorProbe>
    </Form.Item>
  );
}
