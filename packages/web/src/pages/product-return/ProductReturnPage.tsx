import { CarOutlined, CheckSquareOutlined, InboxOutlined } from '@ant-design/icons';
import { approvalStatus, getEntity, productReturnState, pulloutType } from '@portal/model';
import { DatePicker, Form, Input, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { collectProductReturn, receiveProductReturn, shipProductReturn } from '../../api/product-return.ts';
import { deleteRecord, type RecordRow } from '../../api/records.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { ApprovalDocumentPage } from '../../widgets/approval/ApprovalDocumentPage.tsx';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { forDialog } from '../parts/dialog-answer.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { num } from '../../entity-ui/document/num.ts';
import { productReturnPath } from './paths.ts';
import { RETURN_LINE, ReturnLineDialog } from './ReturnLineDialog.tsx';
import { lengthCount } from '../../widgets/typed-rules.ts';
import { todayUtc8 } from '../../shared/date.ts';

const RETURN = 'new_srv_productreturn';
const LIST = '/productReturn/list';
const LOGISTICS_MAX = 60;
const COLLECT_MEMO_MAX = 200;
/** One array for the page's life: the form reloads the record when its hidden fields change. */
const RETURN_HIDDEN = ['new_exchangeserial'];

/**
 * /productReturn/create, /productReturn/edit/:id and /productReturn/edit/:id/:type: a product
 * return through the approval engine. `{type}` is the return's type and chooses the variant: a
 * return (1) leaves out the exchange section, an exchange (2) shows the replacement machine; a
 * path without the type, or with another than the record's, is replaced by the record's own. The
 * lines tab (the machine and its accessories) is editable while draft or rejected; 确认拉回 (the
 * station, approved and to be collected: the day and a note), 发运 (the station, collected: logistics
 * company and tracking number) and 总部签收 (head office, shipped) follow. Hooks: `pr-state`,
 * `pr-collect`, `pr-collect-dialog`, `pr-ship`, `pr-receive`, `pr-ship-dialog`, `pr-tab-lines`.
 */
export default function ProductReturnPage() {
  const { id, type } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const navigate = useNavigate();
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [linesVersion, setLinesVersion] = useState(0);
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);
  const [shipOpen, setShipOpen] = useState(false);
  const [shipForm] = Form.useForm<{ logisticsCorp: string; trackingNo: string }>();
  const [collectOpen, setCollectOpen] = useState(false);
  const [collectForm] = Form.useForm<{ collectedOn: Dayjs | null; memo: string }>();
  const reload = useCallback(() => {
    setRow(null);
    setVersion((v) => v + 1);
  }, []);
  const writer = can('parts.write');
  const docType = num(row?.new_returntype);
  const approval = num(row?.new_approvalstatus) ?? approvalStatus.draft;
  const state = num(row?.new_returnstate) ?? productReturnState.pending;
  const linesOpen = !!row && writer && (approval === approvalStatus.draft || approval === approvalStatus.rejected);

  // The record's own type is the path's.
  useEffect(() => {
    if (id && docType && String(docType) !== type) navigate(productReturnPath(id, docType), { replace: true });
  }, [id, docType, type, navigate]);

  const receive = () =>
    confirm({
      title: t('productReturn.receive'),
      content: t('productReturn.receiveAsk'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          toast.success((await receiveProductReturn(id!)).message);
        } catch (err) {
          toast.error((err as Error).message);
        }
        reload();
      },
    });

  const actions = (r: RecordRow): ActionButton[] => {
    const a = num(r.new_approvalstatus);
    const s = num(r.new_returnstate);
    return [
      {
        key: 'collect',
        label: t('productReturn.collect'),
        icon: <CheckSquareOutlined />,
        hidden: !writer || a !== approvalStatus.approved || s !== productReturnState.toCollect,
        onClick: () => setCollectOpen(true),
        testId: 'pr-collect',
      },
      {
        key: 'ship',
        label: t('productReturn.ship'),
        icon: <CarOutlined />,
        hidden: !writer || a !== approvalStatus.approved || s !== productReturnState.collected,
        onClick: () => setShipOpen(true),
        testId: 'pr-ship',
      },
      {
        key: 'receive',
        label: t('productReturn.receive'),
        icon: <InboxOutlined />,
        hidden: !can('workorder.audit') || s !== productReturnState.shipped,
        onClick: receive,
        testId: 'pr-receive',
      },
    ];
  };

  const option = productReturnState.options.find((o) => o.value === state);
  const lineEntity = getEntity(RETURN_LINE)!;
  const lines = {
    key: 'lines',
    label: <span data-testid="pr-tab-lines">{t('productReturn.lines')}</span>,
    children: (
      <DocumentLines
        entity={RETURN_LINE}
        parentField="new_productreturn_id"
        parentId={id}
        version={linesVersion}
        editable={linesOpen}
        totals={false}
        onAdd={() => setLine('new')}
        onEdit={(r) => setLine(r)}
        onDelete={async (r) => {
          await deleteRecord(lineEntity.entitySet, String(r[lineEntity.primaryKey]), { silent: true });
          return { id: id!, message: t('parts.deleted') };
        }}
      />
    ),
  };
  // The path's type chooses the variant; a new return shows every section (its type is chosen there).
  const variant = Number(type ?? docType ?? 0);
  const hidden = id && variant === pulloutType.return ? RETURN_HIDDEN : undefined;

  return (
    <div data-testid="pr-page" data-type={variant || undefined}>
      {row && (
        <Tag color={option?.color ?? 'default'} data-testid="pr-state" data-state={state} style={{ marginBottom: 8 }}>
          {getEntity(RETURN)!.allFields.new_returnstate.label[lang]}：{option?.label[lang] ?? String(state)}
        </Tag>
      )}
      <ApprovalDocumentPage
        key={version}
        entity={RETURN}
        testIdPrefix="pr"
        writePrivilege="parts.write"
        backTo={LIST}
        editPath={(newId) => productReturnPath(newId)}
        defaults={() => ({ new_returntype: pulloutType.return })}
        extraActions={actions}
        extraTabs={id ? [lines] : undefined}
        hiddenFields={hidden}
        onLoaded={setRow}
      />
      {id && (
        <>
          <ReturnLineDialog
            returnId={id}
            editing={line}
            onClose={() => setLine(null)}
            onDone={() => {
              setLine(null);
              setLinesVersion((v) => v + 1);
            }}
          />
          <CommandDialog<{ collectedOn: Dayjs | null; memo: string }>
            open={collectOpen}
            title={t('productReturn.collect')}
            testId="pr-collect-dialog"
            form={collectForm}
            initialValues={{ collectedOn: todayUtc8(), memo: '' }}
            onClose={() => setCollectOpen(false)}
            onDone={() => {
              setCollectOpen(false);
              reload();
            }}
            send={(v) =>
              forDialog(
                collectProductReturn(id, {
                  collectedOn: v.collectedOn!.format('YYYY-MM-DD'),
                  ...(v.memo?.trim() ? { memo: v.memo.trim() } : {}),
                }),
              )
            }
          >
            <Form.Item
              name="collectedOn"
              label={getEntity(RETURN)!.allFields.new_collectedon.label[lang]}
              required
              rules={[
                {
                  required: true,
                  message: t('widgets.form.requiredSelect', { field: getEntity(RETURN)!.allFields.new_collectedon.label[lang] }),
                },
              ]}
            >
              <DatePicker
                data-testid="pr-collect-date"
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(todayUtc8().endOf('day'))}
              />
            </Form.Item>
            <Form.Item
              name="memo"
              label={getEntity(RETURN)!.allFields.new_collectmemo.label[lang]}
              rules={[{ max: COLLECT_MEMO_MAX, message: t('productReturn.collectMemoTooLong') }]}
            >
              <Input.TextArea data-testid="pr-collect-memo" rows={3} count={lengthCount(COLLECT_MEMO_MAX, false)} />
            </Form.Item>
          </CommandDialog>
          <CommandDialog<{ logisticsCorp: string; trackingNo: string }>
            open={shipOpen}
            title={t('productReturn.ship')}
            testId="pr-ship-dialog"
            form={shipForm}
            onClose={() => setShipOpen(false)}
            onDone={() => {
              setShipOpen(false);
              reload();
            }}
            send={(v) => forDialog(shipProductReturn(id, { logisticsCorp: v.logisticsCorp.trim(), trackingNo: v.trackingNo.trim() }))}
          >
            {(['logisticsCorp', 'trackingNo'] as const).map((name) => {
              const label = getEntity(RETURN)!.allFields[name === 'logisticsCorp' ? 'new_logisticscorp' : 'new_trackingno'].label[lang];
              return (
                <Form.Item
                  key={name}
                  name={name}
                  label={label}
                  required
                  rules={[
                    { required: true, whitespace: true, message: t('parts.logisticsRequired') },
                    { max: LOGISTICS_MAX, message: t('productReturn.logisticsTooLong') },
                  ]}
                >
                  <Input data-testid={`pr-ship-${name}`} count={lengthCount(LOGISTICS_MAX, false)} />
                </Form.Item>
              );
            })}
          </CommandDialog>
        </>
      )}
    </div>
  );
}
