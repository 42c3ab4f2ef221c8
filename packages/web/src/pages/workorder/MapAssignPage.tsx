import { WorkOrderMap } from './map/WorkOrderMap.tsx';

/** /workOrder/newmapassign and /rootapp/crm__newmapassign: the map with assignment (workorder.dispatch). */
export default function MapAssignPage() {
  return <WorkOrderMap mode="assign" />;
}
