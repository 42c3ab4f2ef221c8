import { getEntity, type DeliveryStep } from '@portal/model';
import { Form, Input, Typography } from 'antd';
import { runCommand } from '../../api/command.ts';
import type { RecordRow } from '../../api/records.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { MoneyInput } from '../../widgets/MoneyInput.tsx';
import { lengthCount, lengthRule, numberRule } from '../../widgets/typed-rules.ts';

interface ShipValues {
  logisticsCorp: string;
  trackingNo: string;
  freight: number | null;
}

/** spec 001 §5/§9: freight in the normal range (0 to 99,999 yuan); logistics texts at most 60 characters. */
const MAX_FREIGHT = 99_999;
const MAX_LOGISTICS = 60;

/**
 * One step of a delivery (提交, 拣货, 包装, 出库, 发运: its declared commands), confirmed in a
 * dialog standing in for the document page's; 发运 asks for the logistics company and tracking
 * number (required when the delivery has a receiver) and the freight. Hooks: `pd-step-dialog`
 * (`-ok`, `-cancel`, `-error`), `pd-step-confirm` (with `data-step`), `pd-ship-corp`, `pd-ship-tracking`, `pd-ship-freight`.
 */
export function DeliveryStepDialog({
  step,
  id,
  row,
  open,
  onClose,
  onDone,
}: {
  step: DeliveryStep;
  id: string;
  row: RecordRow;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<ShipValues>();
  const e = getEntity('new_stockoutorder')!;
  const label = (f: string) => e.allFields[f].label[lang];
  const needsLogistics = !!row.new_towarehouse_id;
  const action = t(`parts.ui.step.${step}`);
  const freight = row.new_freight === null || row.new_freight === undefined ? null : Number(row.new_freight);
  return (
    <CommandDialog<ShipValues>
      open={open}
      title={action}
      testId="pd-step-dialog"
      form={form}
      initialValues={{ logisticsCorp: String(row.new_logisticscorp ?? ''), trackingNo: String(row.new_trackingno ?? ''), freight }}
      okText={action}
      onClose={onClose}
      onDone={onDone}
      send={(v) =>
        runCommand(
          e,
          id,
          step,
          step === 'ship'
            ? { logisticsCorp: (v.logisticsCorp ?? '').trim(), trackingNo: (v.trackingNo ?? '').trim(), freight: v.freight ?? null }
            : {},
        )
      }
    >
      <Typography.Paragraph data-testid="pd-step-confirm" data-step={step}>
        {t('parts.ui.stepConfirm', { name: String(row.new_name ?? ''), action })}
      </Typography.Paragraph>
      {step === 'ship' && (
        <>
          <Form.Item
            name="logisticsCorp"
            label={label('new_logisticscorp')}
            required={needsLogistics}
            rules={[
              ...(needsLogistics ? [{ required: true, whitespace: true, message: t('parts.logisticsRequired') }] : []),
              lengthRule(label('new_logisticscorp'), MAX_LOGISTICS, t),
            ]}
          >
            <Input data-testid="pd-ship-corp" count={lengthCount(MAX_LOGISTICS, false)} />
          </Form.Item>
          <Form.Item
            name="trackingNo"
            label={label('new_trackingno')}
            required={needsLogistics}
            rules={[
              ...(needsLogistics ? [{ required: true, whitespace: true, message: t('parts.logisticsRequired') }] : []),
              lengthRule(label('new_trackingno'), MAX_LOGISTICS, t),
            ]}
          >
            <Input data-testid="pd-ship-tracking" count={lengthCount(MAX_LOGISTICS, false)} />
          </Form.Item>
          <Form.Item
            name="freight"
            label={label('new_freight')}
            rules={[
              numberRule(
                {
                  field: label('new_freight'),
                  scale: 2,
                  min: 0,
                  max: MAX_FREIGHT,
                  messages: { min: t('parts.freightRange'), max: t('parts.freightRange') },
                },
                t,
              ),
            ]}
          >
            <MoneyInput testId="pd-ship-freight" />
          </Form.Item>
        </>
      )}
    </CommandDialog>
  );
}
