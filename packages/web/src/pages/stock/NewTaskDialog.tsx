import { getEntity } from '@portal/model';
import { DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { createTask, type StockAnswer } from '../../api/stock.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { todayUtc8 } from '../../shared/date.ts';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { forDialog, trimmed } from './stock-command.ts';
import { lengthCount, lengthRule } from '../../widgets/typed-rules.ts';

const TASK = getEntity('new_srv_invtask')!;
const STATION = getEntity('new_srv_station')!;

interface Values {
  subject: string;
  deadline: Dayjs | null;
  stations: LookupRecord[];
  memo?: string;
}

/** 下达盘点任务: subject, deadline (today or later), the stations (one count sheet each) and a memo. */
export function NewTaskDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (a: StockAnswer) => void }) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Values>();
  const label = (f: string) => TASK.allFields[f].label[lang];
  const today = () => todayUtc8();
  return (
    <CommandDialog<Values>
      open={open}
      title={t('stock.ui.newTask')}
      testId="it-new-dialog"
      form={form}
      initialValues={{ subject: '', deadline: null, stations: [] }}
      onClose={onClose}
      onDone={(a) => onDone({ id: a.id, message: a.message })}
      send={async (v) =>
        forDialog(
          await createTask({
            subject: v.subject.trim(),
            deadline: v.deadline!.format('YYYY-MM-DD'),
            stationIds: v.stations.map((s) => s.id),
            memo: trimmed(v.memo),
          }),
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('stock.ui.taskHint')}</Typography.Paragraph>
      <Form.Item
        name="subject"
        label={label('new_subject')}
        required
        rules={[
          { required: true, whitespace: true, message: t('widgets.form.required', { field: label('new_subject') }) },
          lengthRule(label('new_subject'), 100, t),
        ]}
      >
        <Input data-testid="it-new-subject" count={lengthCount(100, false)} />
      </Form.Item>
      <Form.Item
        name="deadline"
        label={label('new_deadline')}
        required
        rules={[
          { required: true, message: t('widgets.form.requiredSelect', { field: label('new_deadline') }) },
          {
            validator: (_, v: Dayjs | null) =>
              !v?.isBefore(today()) ? Promise.resolve() : Promise.reject(new Error(t('stock.deadlinePast'))),
          },
        ]}
      >
        <DatePicker data-testid="it-new-deadline" style={{ width: '100%' }} disabledDate={(d) => d.isBefore(today())} />
      </Form.Item>
      <Form.Item
        name="stations"
        label={STATION.pluralLabel[lang]}
        required
        rules={[
          {
            validator: (_, v: LookupRecord[] | undefined) =>
              v?.length ? Promise.resolve() : Promise.reject(new Error(t('stock.stationsRequired'))),
          },
        ]}
      >
        <LookupInput multiple testId="it-new-stations" def={{ entityName: STATION.logicalName }} />
      </Form.Item>
      <Form.Item name="memo" label={label('new_memo')} rules={[lengthRule(label('new_memo'), 100, t)]}>
        <Input.TextArea data-testid="it-new-memo" count={lengthCount(100)} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </CommandDialog>
  );
}
