import { CheckCircleOutlined, CloseCircleOutlined, DownloadOutlined, SaveOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { getEntity, stockCheckSource, stockCheckState } from '@portal/model';
import { Alert, Button, Descriptions, Result, Skeleton, Space, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/envelope.ts';
import { retrieveRecord, type RecordRow } from '../../api/records.ts';
import { cancelCount, confirmCount, countTemplate, importCounts, saveCountLines, submitCount, type StockAnswer } from '../../api/stock.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { saveBlob } from '../../shared/download.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { AttachmentList } from '../../widgets/attachments/AttachmentList.tsx';
import { ButtonGroup, HEADER_MAX, type ActionButton } from '../../widgets/ButtonGroup.tsx';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { ExcelImportDialog } from '../../widgets/ExcelImportDialog.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { changedLines, invalidLines, withEdit, type CountEdits, type LineValues } from './count-edits.ts';
import { countCommands, linesEditable, type CountCommand } from './count-rules.ts';
import { CountLines } from './CountLines.tsx';
import { UnsavedGuard } from './UnsavedGuard.tsx';

const CHECK = getEntity('new_srv_stockcheck')!;
const LINE = getEntity('new_srv_stockcheckdetail')!;
const SELECT = [CHECK.primaryKey, ...Object.keys(CHECK.fields)];

const ICONS: Record<CountCommand, ReactNode> = {
  submit: <SendOutlined />,
  confirm: <CheckCircleOutlined />,
  cancel: <CloseCircleOutlined />,
};
const LABELS = { submit: 'stock.ui.submit', confirm: 'stock.ui.confirm', cancel: 'stock.ui.cancel' } as const;

/**
 * A count sheet: /stockcheck/edit/:id, and /inv/invTaskEdit/:id for a task's sheet (back goes to
 * the list it came from). Header with state and progress; the lines grid (counted quantities while
 * counting, for stock.write), 保存 (changed lines only), template download and Excel import;
 * 提交, 确认盘点 (stock.adjust; posting cannot be undone) and 取消 as the state and the user's
 * privileges allow, each asked first. A task's sheet shows the task's subject and head office's note. Every command reloads the sheet and shows the server's message.
 */
export default function CountSheetPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const backTo = pathname.startsWith('/inv/') ? '/inv/invTaskList' : '/stockcheck/list';
  const [sheet, setSheet] = useState<RecordRow | null>(null);
  const [missing, setMissing] = useState(false);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [edits, setEdits] = useState<CountEdits>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const loadSheet = useCallback(async () => {
    setLoading(true);
    try {
      setSheet(await retrieveRecord(CHECK.entitySet, id, SELECT, { silent: true }));
    } catch (err) {
      setMissing(true);
      if (err instanceof ApiError && err.status !== 404) toast.error(err.message);
    } finally {
      setLoading(false);
    }
  }, [id]);

  useEffect(() => {
    setEdits({});
    setResult(null);
    setMissing(false);
    void loadSheet();
  }, [loadSheet]);

  const reload = () => {
    void loadSheet();
    setVersion((v) => v + 1);
  };

  const state = { state: Number(sheet?.new_state ?? 0), source: Number(sheet?.new_source ?? 0) };
  const editable = !!sheet && linesEditable(state, can);
  const commands = sheet ? countCommands(state, can) : [];
  const number = String(sheet?.new_name ?? '');
  const dirty = Object.keys(edits).length;

  const done = (a: StockAnswer) => {
    if (a.message) toast.success(a.message);
    setResult({ type: 'success', text: a.message });
  };
  const failed = (err: unknown) => {
    const text = err instanceof Error ? err.message : String(err);
    toast.error(text);
    setResult({ type: 'error', text });
  };

  /** Sends the changed lines; true when nothing is left unsaved. */
  const save = async (): Promise<boolean> => {
    if (invalidLines(edits).length) {
      toast.error(t('stock.ui.fixErrors'));
      return false;
    }
    const lines = changedLines(edits);
    if (!lines.length) return true;
    setBusy('save');
    try {
      done(await saveCountLines(id, { lines }));
      setEdits({});
      reload();
      return true;
    } catch (err) {
      failed(err);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const send = async (cmd: CountCommand) => {
    setBusy(cmd);
    try {
      done(await (cmd === 'submit' ? submitCount(id) : cmd === 'confirm' ? confirmCount(id) : cancelCount(id)));
      setEdits({});
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
      reload();
    }
  };

  const run = async (cmd: CountCommand) => {
    // Every command asks first: none of them can be taken back by the station.
    confirm({
      title: t(LABELS[cmd]),
      content: t(cmd === 'submit' ? 'stock.ui.submitAsk' : cmd === 'confirm' ? 'stock.ui.confirmAsk' : 'stock.ui.cancelAsk', {
        name: number,
      }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      // What is typed and not yet saved is saved first: submitting checks the saved counts.
      onOk: async () => {
        if (cmd !== 'submit' || (await save())) await send(cmd);
      },
    });
  };

  const template = async () => {
    try {
      const { blob, filename } = await countTemplate(id);
      saveBlob(blob, filename || `${number || CHECK.label[lang]}.xlsx`);
    } catch {
      /* toasted */
    }
  };

  const onEdit = (lineId: string, saved: LineValues, change: Partial<LineValues>) => setEdits((e) => withEdit(e, lineId, saved, change));

  if (missing) {
    return (
      <div data-testid="sc-page" data-id={id}>
        <DetailHeader title={CHECK.label[lang]} backTo={backTo} backTestId="sc-back" />
        <Result
          status="404"
          title={t('widgets.form.notFound')}
          extra={<Button onClick={() => navigate(backTo)}>{t('common.back')}</Button>}
        />
      </div>
    );
  }

  const actions: ActionButton[] = commands.map((cmd) => ({
    key: cmd,
    label: t(LABELS[cmd]),
    icon: ICONS[cmd],
    type: cmd === 'cancel' ? 'default' : 'primary',
    danger: cmd === 'cancel',
    loading: busy === cmd,
    disabled: !!busy && busy !== cmd,
    onClick: () => void run(cmd),
    testId: `sc-action-${cmd}`,
  }));

  const text = (f: string) => (sheet ? cellText(sheet, f, CHECK.allFields[f], lang) : '') || '—';
  const isTask = state.source === stockCheckSource.task;
  const deadline = typeof sheet?.new_deadline === 'string' ? sheet.new_deadline : '';
  const overdue = !!deadline && state.state === stockCheckState.counting && dayjs(deadline).isBefore(todayUtc8());
  const n = (f: string) => Number(sheet?.[f] ?? 0);
  const info = [
    { key: 'new_warehouse_id', label: CHECK.allFields.new_warehouse_id.label[lang], children: text('new_warehouse_id') },
    { key: 'new_station_id', label: CHECK.allFields.new_station_id.label[lang], children: text('new_station_id') },
    { key: 'new_source', label: CHECK.allFields.new_source.label[lang], children: text('new_source') },
    ...(isTask
      ? [
          {
            key: 'new_tasksubject',
            label: CHECK.allFields.new_tasksubject.label[lang],
            children: <span data-testid="sc-task-subject">{text('new_tasksubject')}</span>,
          },
          { key: 'new_invtask_id', label: CHECK.allFields.new_invtask_id.label[lang], children: text('new_invtask_id') },
        ]
      : []),
    { key: 'new_checkdate', label: CHECK.allFields.new_checkdate.label[lang], children: text('new_checkdate') },
    ...(deadline
      ? [
          {
            key: 'new_deadline',
            label: CHECK.allFields.new_deadline.label[lang],
            children: (
              <Space size={4}>
                {text('new_deadline')}
                {overdue && (
                  <Tag color="red" data-testid="sc-overdue">
                    {t('stock.ui.overdue')}
                  </Tag>
                )}
              </Space>
            ),
          },
        ]
      : []),
    {
      key: 'progress',
      label: t('stock.ui.progress'),
      children: (
        <span
          data-testid="sc-progress"
          data-counted={n('new_countedcount')}
          data-lines={n('new_linecount')}
          data-variances={n('new_variancecount')}
        >
          {t('stock.ui.progressText', { counted: n('new_countedcount'), lines: n('new_linecount'), variances: n('new_variancecount') })}
        </span>
      ),
    },
    ...(sheet?.new_submittime
      ? [{ key: 'new_submittime', label: CHECK.allFields.new_submittime.label[lang], children: text('new_submittime') }]
      : []),
    ...(sheet?.new_confirmtime
      ? [{ key: 'new_confirmtime', label: CHECK.allFields.new_confirmtime.label[lang], children: text('new_confirmtime') }]
      : []),
    ...(sheet?.new_confirmedby_id
      ? [{ key: 'new_confirmedby_id', label: CHECK.allFields.new_confirmedby_id.label[lang], children: text('new_confirmedby_id') }]
      : []),
    { key: 'new_memo', label: CHECK.allFields.new_memo.label[lang], children: text('new_memo') },
  ];

  const lineButtons = (
    <Space wrap size={8}>
      {editable && (
        <Button
          type="primary"
          icon={<SaveOutlined />}
          onClick={() => void save()}
          loading={busy === 'save'}
          disabled={!dirty || (!!busy && busy !== 'save')}
          data-testid="sc-save"
        >
          {t('common.save')}
        </Button>
      )}
      <Button icon={<DownloadOutlined />} onClick={template} data-testid="sc-template">
        {t('stock.ui.template')}
      </Button>
      {editable && (
        <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} disabled={!!busy} data-testid="sc-import">
          {t('stock.ui.import')}
        </Button>
      )}
    </Space>
  );

  const note = !sheet
    ? null
    : state.state === stockCheckState.submitted
      ? t('stock.ui.submittedNote')
      : state.state === stockCheckState.confirmed || state.state === stockCheckState.cancelled
        ? t('stock.ui.closedNote')
        : null;

  return (
    <div
      data-testid="sc-page"
      data-id={id}
      data-state={sheet ? state.state : ''}
      data-source={sheet ? state.source : ''}
      data-editable={editable ? 'true' : 'false'}
      data-loading={loading ? 'true' : undefined}
      className="entity-form"
    >
      <DetailHeader
        title={
          <span data-testid="sc-header" data-number={number}>
            {`${CHECK.label[lang]} ${number}`.trim()}
          </span>
        }
        backTo={backTo}
        backTestId="sc-back"
        tags={sheet ? <OptionTag set={stockCheckState} value={sheet.new_state} testId="sc-state" /> : undefined}
        extra={<ButtonGroup items={actions} max={HEADER_MAX} />}
      />
      {result && (
        <Alert
          type={result.type}
          showIcon
          closable
          title={result.text}
          style={{ marginBottom: 12 }}
          data-testid="sc-result"
          data-type={result.type}
          onClose={() => setResult(null)}
        />
      )}
      {note && <Alert type="info" showIcon title={note} style={{ marginBottom: 12 }} data-testid="sc-note" />}
      {/* What head office wrote when releasing the task: the station counts by it. */}
      {isTask && typeof sheet?.new_tasknote === 'string' && sheet.new_tasknote.trim() && (
        <Alert
          type="info"
          showIcon
          title={t('stock.ui.taskNote')}
          description={sheet.new_tasknote}
          style={{ marginBottom: 12 }}
          data-testid="sc-task-note"
        />
      )}
      {!sheet ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Descriptions data-testid="sc-info" size="small" column={{ xs: 1, md: 2, xl: 3 }} items={info} style={{ marginBottom: 16 }} />
          <Tabs
            items={[
              {
                key: 'lines',
                label: <span data-testid="sc-tab-lines">{t('stock.ui.lines')}</span>,
                children: (
                  <CountLines sheetId={id} editable={editable} version={version} edits={edits} onEdit={onEdit} extra={lineButtons} />
                ),
              },
              {
                key: 'attachments',
                label: <span data-testid="sc-tab-attachments">{t('widgets.form.attachments')}</span>,
                children: <AttachmentList moduleType={CHECK.logicalName} objectId={id} readOnly={!editable} />,
              },
            ]}
          />
        </>
      )}
      <UnsavedGuard dirty={dirty > 0} />
      {editable && (
        <ExcelImportDialog
          open={importOpen}
          entitySet={LINE.entitySet}
          title={t('stock.ui.importTitle')}
          hint={t('stock.ui.importHint')}
          importFile={(file) => importCounts(id, file)}
          downloadTemplate={() => countTemplate(id)}
          // The server words each error with its row and field already.
          rowErrorText={(e) => e.message}
          onClose={() => setImportOpen(false)}
          onImported={() => {
            // The file's counts replace whatever was typed and not saved.
            setEdits({});
            reload();
          }}
        />
      )}
    </div>
  );
}
