import WorkOrderFormPage from '../workorder/WorkOrderFormPage.tsx';

/**
 * /overseas/create and /overseas/edit/:id: the work-order screen in its overseas form — country,
 * currency and the address as text instead of China's cascader, amounts in the order's currency —
 * with the same commands, details, log and attachments.
 */
export default function OverseasOrderPage() {
  return <WorkOrderFormPage overseas />;
}
