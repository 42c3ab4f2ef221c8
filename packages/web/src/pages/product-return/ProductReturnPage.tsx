import { getEntity, productReturnState, pulloutType } from '@portal/model';
import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { runCommand } from '../../api/command.ts';
import { deleteRecord, type RecordRow } from '../../api/records.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { DocumentPage, type CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { num } from '../../entity-ui/document/num.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { lengthCount } from '../../widgets/typed-rules.ts';
import { productReturnPath } from './paths.ts';
import { RETURN_LINE, ReturnLineDialog } from './ReturnLineDialog.tsx';

const RETURN = getEntity('new_srv_productreturn')!;
const LINE = getEntity(RETURN_LINE)!;
const LOGISTICS_MAX = 60;
const COLLECT_MEMO_MAX = 200;
/** One array for the page's life: the form reloads the record when its hidden fields change. */
const RETURN_HIDDEN = ['new_exchangeserial'];
/** The return state each command of an approved return starts from (the server checks it again). */
const FROM: Record<string, number> = {
  collect: productReturnState.toCollect,
  ship: productReturnState.collected,
  receive: productReturnState.shipped,
};

/** 确认拉回: the day taken from the customer (today to start with, not later) and a note. */
const CollectDialog: CommandSlot = ({ id, open, onClose, onDone }) => {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<{ collectedOn: Dayjs | null; memo: string }>();
  const day = RETURN.allFields.new_collectedon.label[lang];
  return (
    <CommandDialog<{ collectedOn: Dayjs | null; memo: string }>
      open={open}
      title={t('productReturn.collect')}
      testId="pr-collect-dialog"
      form={form}
      initialValues={{ collectedOn: todayUtc8(), memo: '' }}
      onClose={onClose}
      onDone={onDone}
      send={(v) =>
        runCommand(RETURN, id, 'collect', {
          collectedOn: v.collectedOn!.format('YYYY-MM-DD'),
          ...(v.memo?.trim() ? { memo: v.memo.trim() } : {}),
        })
      }
    >
      <Form.Item
        name="collectedOn"
        label={day}
        required
        rules={[{ required: true, message: t('widgets.form.requiredSelect', { field: day }) }]}
      >
        <DatePicker data-testid="pr-collect-date" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(todayUtc8().endOf('day'))} />
      </Form.Item>
      <Form.Item
        name="memo"
        label={RETURN.allFields.new_collectmemo.label[lang]}
        rules={[{ max: COLLECT_MEMO_MAX, message: t('productReturn.collectMemoTooLong') }]}
      >
        <Input.TextArea data-testid="pr-collect-memo" rows={3} count={lengthCount(COLLECT_MEMO_MAX, false)} />
      </Form.Item>
    </CommandDialog>
  );
};

/** 发运: logistics company and tracking number, both required. */
const ShipDialog: CommandSlot = ({ id, open, onClose, onDone }) => {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<{ logisticsCorp: string; trackingNo: string }>();
  return (
    <CommandDialog<{ logisticsCorp: string; trackingNo: string }>
      open={open}
      title={t('productReturn.ship')}
      testId="pr-ship-dialog"
      form={form}
      onClose={onClose}
      onDone={onDone}
      send={(v) => runCommand(RETURN, id, 'ship', { logisticsCorp: v.logisticsCorp.trim(), trackingNo: v.trackingNo.trim() })}
    >
      {(['logisticsCorp', 'trackingNo'] as const).map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={RETURN.allFields[name === 'logisticsCorp' ? 'new_logisticscorp' : 'new_trackingno'].label[lang]}
          required
          rules={[
            { required: true, whitespace: true, message: t('parts.logisticsRequired') },
            { max: LOGISTICS_MAX, message: t('productReturn.logisticsTooLong') },
          ]}
        >
          <Input data-testid={`pr-ship-${name}`} count={lengthCount(LOGISTICS_MAX, false)} />
        </Form.Item>
      ))}
    </CommandDialog>
  );
};

/**
 * /productReturn/create, /productReturn/edit/:id and /productReturn/edit/:id/:type: a product
 * return on the generic document page (its declaration: number, approval, lines, collect, ship,
 * receive). `{type}` is the return's type and chooses the variant: a return (1) leaves out the
 * exchange section, an exchange (2) shows the replacement machine; a path without the type, or with
 * another than the record's, is replaced by the record's own. Once approved, the return state says
 * which command is next: 确认拉回 (the station: the day and a note), 发运 (the station: logistics),
 * 总部签收 (head office). Hooks: `pr-page`, `pr-state`, `pr-collect`, `pr-collect-dialog`, `pr-ship`,
 * `pr-ship-dialog`, `pr-receive`, `pr-tab-lines` and the document page's `pr-*`.
 */
export default function ProductReturnPage() {
  const { id, type } = useParams();
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const [docType, setDocType] = useState<number | null>(null);
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);

  // The record's own type is the path's.
  useEffect(() => {
    if (id && docType && String(docType) !== type) navigate(productReturnPath(id, docType), { replace: true });
  }, [id, docType, type, navigate]);

  // The path's type chooses the variant; a new return shows every section (its type is chosen there).
  const variant = Number(type ?? docType ?? 0);
  return (
    <div data-testid="pr-page" data-type={variant || undefined}>
      <DocumentPage
        entity={RETURN}
        testIdPrefix="pr"
        backTo="/productReturn/list"
        editPath={(newId) => productReturnPath(newId)}
        defaults={() => ({ new_returntype: pulloutType.return })}
        hiddenFields={id && variant === pulloutType.return ? RETURN_HIDDEN : undefined}
        mayRun={(name, _grant, row) => (num(row.new_returnstate) ?? productReturnState.pending) === FROM[name]}
        commandDialogs={{ collect: CollectDialog, ship: ShipDialog }}
        extraTags={(row) => (
          <OptionTag
            set={productReturnState}
            value={num(row.new_returnstate) ?? productReturnState.pending}
            testId="pr-state"
            dataName="state"
            caption={RETURN.allFields.new_returnstate.label[lang]}
          />
        )}
        linesLabel="productReturn.lines"
        lines={{
          totals: false,
          onAdd: () => setLine('new'),
          onEdit: (r) => setLine(r),
          onDelete: async (r) => {
            await deleteRecord(LINE.entitySet, String(r[LINE.primaryKey]), { silent: true });
            return { id: id!, message: t('parts.deleted') };
          },
        }}
        lineDialog={(reload) =>
          id && (
            <ReturnLineDialog
              returnId={id}
              editing={line}
              onClose={() => setLine(null)}
              onDone={() => {
                setLine(null);
                reload();
              }}
            />
          )
        }
        onLoaded={(row) => setDocType(num(row.new_returntype))}
      />
    </div>
  );
}
