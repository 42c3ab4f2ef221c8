import { deliveryState, getEntity } from '@portal/model';
import { Steps, Typography } from 'antd';
import type { RecordRow } from '../../api/records.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale } from '../../locales/i18n.ts';
import { deliveryStateOf } from './delivery-rules.ts';

/** The stamps each state leaves (the form's 作业记录 fields): when it was reached and by whom. */
const STAMPS: Record<number, [string | null, string | null]> = {
  [deliveryState.draft]: [null, null],
  [deliveryState.toWarehouse]: ['new_submittime', null],
  [deliveryState.picked]: ['new_picktime', 'new_picker_id'],
  [deliveryState.packed]: ['new_packtime', 'new_packer_id'],
  [deliveryState.stockDelivered]: ['new_outtime', 'new_outby_id'],
  [deliveryState.shipped]: ['new_shiptime', 'new_shipper_id'],
};

/**
 * 作业进度: the six states of a delivery as steps, each reached one with its time and who did it.
 * Hook: `pd-progress` (with `data-state`).
 */
export function DeliveryProgress({ row }: { row: RecordRow }) {
  const lang = useLocale();
  const e = getEntity('new_stockoutorder')!;
  const state = deliveryStateOf(row);
  return (
    <div data-testid="pd-progress" data-state={state} style={{ padding: '12px 0' }}>
      <Steps
        size="small"
        current={deliveryState.options.findIndex((o) => o.value === state)}
        items={deliveryState.options.map((o) => {
          const [when, who] = STAMPS[o.value] ?? [null, null];
          const reached = o.value <= state;
          return {
            key: String(o.value),
            title: o.label[lang],
            status: reached ? (o.value === state ? 'process' : 'finish') : 'wait',
            content: reached ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <div>{when ? cellText(row, when, e.allFields[when], lang) : ''}</div>
                <div>{who ? cellText(row, who, e.allFields[who], lang) : ''}</div>
              </Typography.Text>
            ) : undefined,
          };
        })}
      />
    </div>
  );
}
