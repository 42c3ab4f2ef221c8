import { getEntity, receiptState, stockOutType, type DeliveryStep } from '@portal/model';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { deleteDeliveryLine } from '../../api/parts.ts';
import type { RecordRow } from '../../api/records.ts';
import { DocumentPage, type CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { num } from '../../entity-ui/document/num.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useT } from '../../locales/i18n.ts';
import { DeliveryProgress } from './DeliveryProgress.tsx';
import { DeliveryStepDialog } from './DeliveryStepDialog.tsx';
import { DISPATCH_LIST, deliveryLineCreatePath, deliveryLineEditPath, dispatchPath } from './delivery-paths.ts';
import { takesHandLines } from './delivery-rules.ts';

const ORDER = getEntity('new_stockoutorder')!;
const LINE = getEntity('new_stockoutorderdetail')!;
const SCRAP_FIELDS = ['new_scrapreason', 'new_afterscrap'];

/** Each step is confirmed in the delivery's own dialog (发运 asks for the logistics). */
const STEP_DIALOGS = Object.fromEntries(
  (['submit', 'pick', 'pack', 'out', 'ship'] as DeliveryStep[]).map((step): [string, CommandSlot] => [
    step,
    (p) => <DeliveryStepDialog step={step} {...p} />,
  ]),
);

/**
 * /partsDispatch/edit/:id: a delivery, on the generic document page (its declaration: number,
 * status, lines, the steps). Its own fields are editable only while it is to be submitted, by
 * delivery.create holders (scrap fields only on a scrap delivery); the header shows state, out type
 * and receipt state; each step (提交, 拣货, 包装, 出库, 发运) shows only to the holder of its
 * privilege in the state it starts from. Tabs: lines (新增明细 on their own screen for damaged,
 * faulty and scrapped deliveries; edit and delete while to be submitted) and progress.
 */
export default function DeliveryFormPage() {
  const { id } = useParams();
  const t = useT();
  const navigate = useNavigate();
  const [row, setRow] = useState<RecordRow | null>(null);
  const outType = num(row?.new_outtype);
  return (
    <DocumentPage
      entity={ORDER}
      testIdPrefix="pd"
      backTo={DISPATCH_LIST}
      editPath={dispatchPath}
      lockedFields={outType === stockOutType.scrapped ? undefined : SCRAP_FIELDS}
      // Receipts are the receiving side's own screen (ReceiptPage).
      mayRun={(command) => command !== 'receive'}
      commandDialogs={STEP_DIALOGS}
      lines={{
        // Application and transfer deliveries take their lines from those documents.
        onAdd: takesHandLines(outType) ? () => navigate(deliveryLineCreatePath(id!)) : undefined,
        onEdit: (r) => navigate(deliveryLineEditPath(String(r[LINE.primaryKey]))),
        onDelete: (r) => deleteDeliveryLine(id!, String(r[LINE.primaryKey])),
      }}
      extraTags={(r) => (
        <>
          <OptionTag set={stockOutType} value={r.new_outtype} testId="pd-outtype" />
          <OptionTag set={receiptState} value={r.new_receiptstate} testId="pd-receiptstate" />
        </>
      )}
      extraTabs={
        row
          ? [
              {
                key: 'progress',
                label: <span data-testid="pd-tab-progress">{t('parts.ui.progress')}</span>,
                children: <DeliveryProgress row={row} />,
              },
            ]
          : undefined
      }
      onLoaded={setRow}
    />
  );
}
