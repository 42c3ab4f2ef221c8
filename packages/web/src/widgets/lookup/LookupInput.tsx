import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { getEntity } from '@portal/model';
import { Tag } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useLocale, useT } from '../../locales/i18n.ts';
import { LookupDialog } from './LookupDialog.tsx';
import { tagsToShow, type LookupDef, type LookupRecord } from './lookup-def.ts';

interface CommonProps {
  def: LookupDef;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
  id?: string;
  allowClear?: boolean;
}

/** The picker: a field showing the choice that opens the lookup dialog. */
export function LookupInput(
  props: CommonProps &
    (
      | { multiple?: false; value?: LookupRecord | null; onChange?: (v: LookupRecord | null) => void }
      | { multiple: true; value?: LookupRecord[]; onChange?: (v: LookupRecord[]) => void }
    ),
) {
  const { def, disabled, testId, id, allowClear = true } = props;
  const t = useT();
  const lang = useLocale();
  const [open, setOpen] = useState(false);
  const records: LookupRecord[] = props.multiple ? (props.value ?? []) : props.value?.id ? [props.value] : [];
  const entityLabel = getEntity(def.entityName)?.label[lang] ?? def.entityName;
  const placeholder = props.placeholder ?? t('widgets.lookup.placeholder', { entity: entityLabel });
  const { shown, more } = tagsToShow(records);

  const set = (next: LookupRecord[]) => {
    if (props.multiple) props.onChange?.(next);
    else props.onChange?.(next[0] ?? null);
  };
  const openDialog = () => !disabled && setOpen(true);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openDialog();
    }
  };

  return (
    <>
      <div
        id={id}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        aria-haspopup="dialog"
        data-testid={testId}
        data-value={records.map((r) => r.id).join(';')}
        className={`lookup-input${disabled ? ' lookup-input-disabled' : ''}`}
        onClick={openDialog}
        onKeyDown={onKey}
      >
        <span className="lookup-input-value">
          {records.length === 0 && <span className="lookup-input-placeholder">{placeholder}</span>}
          {!props.multiple && records[0] && <span className="lookup-input-text">{records[0].name || records[0].id}</span>}
          {props.multiple && (
            <>
              {shown.map((r) => (
                <Tag
                  key={r.id}
                  closable={!disabled}
                  onClose={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    set(records.filter((x) => x.id !== r.id));
                  }}
                  style={{ marginInlineEnd: 4 }}
                >
                  {r.name || r.id}
                </Tag>
              ))}
              {more > 0 && <Tag data-testid={testId ? `${testId}-more` : undefined}>{t('widgets.lookup.more', { n: more })}</Tag>}
            </>
          )}
        </span>
        {allowClear && records.length > 0 && !disabled && (
          <CloseCircleFilled
            className="lookup-input-clear"
            aria-label={t('widgets.action.clear')}
            onClick={(e) => {
              e.stopPropagation();
              set([]);
            }}
          />
        )}
        <SearchOutlined className="lookup-input-icon" aria-hidden />
      </div>
      <LookupDialog
        open={open}
        def={def}
        multiple={props.multiple}
        initial={records}
        onCancel={() => setOpen(false)}
        onOk={(chosen) => {
          setOpen(false);
          set(chosen);
        }}
      />
    </>
  );
}
