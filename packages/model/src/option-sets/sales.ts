import { defineNamedOptionSet, label } from '../define.ts';

/**
 * A shipment of a sales order (发货单, issue 27). The list's tabs are the specification's shipment
 * summary labels (spec 001 §4: submitted, audited, all shipments, all received, part shipped, part
 * sign): prepared (submitted), checked by the shipping side (audited: its quantities reserved),
 * shipped in part or in full, then signed for in full or in part by the receiving unit.
 */
export const shipmentState = defineNamedOptionSet('new_shipment_state', label('发货状态', 'Shipment state'), {
  submitted: { value: 1, label: label('已提交', 'Submitted'), color: 'orange' },
  audited: { value: 2, label: label('已审核', 'Audited'), color: 'blue' },
  allShipped: { value: 3, label: label('全部发货', 'All shipments'), color: 'cyan' },
  allSigned: { value: 4, label: label('全部签收', 'All received'), color: 'green' },
  partShipped: { value: 5, label: label('部分发货', 'Part shipped'), color: 'gold' },
  partSigned: { value: 6, label: label('部分签收', 'Part sign'), color: 'volcano' },
});

/** Why a signed shipment fell short, on a reissue application (补发申请). */
export const reissueReason = defineNamedOptionSet('new_reissue_reason', label('补发原因', 'Reissue reason'), {
  missing: { value: 1, label: label('缺件', 'Missing parts') },
  wrong: { value: 2, label: label('错发', 'Wrong parts') },
  damaged: { value: 3, label: label('破损', 'Damaged') },
});
