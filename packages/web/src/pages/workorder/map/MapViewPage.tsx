import { WorkOrderMap } from './WorkOrderMap.tsx';

/** /workOrder/map and /workOrder/newmap: engineers and open orders, view only. */
export default function MapViewPage() {
  return <WorkOrderMap mode="view" />;
}
