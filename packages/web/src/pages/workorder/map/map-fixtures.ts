import { workOrderStatus, type MapOrder, type MapWorker } from '@portal/model';

// Map orders and engineers for the map's tests: one of each, overridden per case.
export const order = (o: Partial<MapOrder>): MapOrder => ({
  id: 'o1',
  name: 'WO-1',
  lng: 121.5,
  lat: 31.2,
  status: workOrderStatus.notDispatched,
  customer: '客户',
  contact: '联系人',
  phone: '13800000000',
  address: '上海市浦东新区',
  appointmentDate: null,
  appointmentBegin: null,
  appointmentEnd: null,
  stationId: 'S1',
  stationName: '上海站',
  workerId: null,
  workerName: null,
  ...o,
});
export const worker = (w: Partial<MapWorker>): MapWorker => ({
  id: 'w1',
  name: '赵磊',
  code: 'E1',
  phone: '',
  lng: 121.5,
  lat: 31.2,
  load: 0,
  stationId: 'S1',
  stationName: '上海站',
  locatedOn: null,
  ...w,
});
