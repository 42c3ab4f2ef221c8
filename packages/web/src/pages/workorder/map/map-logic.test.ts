import { wgs84ToBd09, wgs84ToGcj02, workOrderStatus as st } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { order, worker } from './map-fixtures.ts';
import {
  boundsOf,
  candidatesFor,
  distanceKm,
  formatKm,
  isAssignable,
  listOrder,
  placeOrders,
  placeWorkers,
  searchOrders,
} from './map-logic.ts';

describe('map markers', () => {
  it('are converted from GPS into the tiles’ datum', () => {
    const o = order({ lng: 121.4737, lat: 31.2304 });
    expect(placeOrders([o], 'wgs84')[0].at).toEqual({ lng: 121.4737, lat: 31.2304 });
    expect(placeOrders([o], 'gcj02')[0].at).toEqual(wgs84ToGcj02({ lng: 121.4737, lat: 31.2304 }));
    expect(placeOrders([o], 'bd09')[0].at).toEqual(wgs84ToBd09({ lng: 121.4737, lat: 31.2304 }));
    // Shanghai moves by a few hundred metres into GCJ-02 (the reason for converting at all).
    const km = distanceKm({ lng: 121.4737, lat: 31.2304 }, placeOrders([o], 'gcj02')[0].at);
    expect(km).toBeGreaterThan(0.3);
    expect(km).toBeLessThan(1);
  });

  it('leave out engineers without a position', () => {
    const placed = placeWorkers([worker({ id: 'a' }), worker({ id: 'b', lng: null, lat: null })], 'gcj02');
    expect(placed.map((p) => p.worker.id)).toEqual(['a']);
  });

  it('fit in bounds that cover them, or none without markers', () => {
    expect(boundsOf([], [])).toBeNull();
    const at = (lng: number, lat: number) => ({ at: { lng, lat } });
    expect(boundsOf([at(120, 30), at(121, 31.5)], [at(119.5, 30.2)])).toEqual([
      [30, 119.5],
      [31.5, 121],
    ]);
  });
});

describe('engineers for an order', () => {
  it('are those of the order’s station, nearest first, unknown positions last', () => {
    const o = order({ lng: 121.5, lat: 31.2, stationId: 'S1' });
    const ws = [
      worker({ id: 'far', lng: 121.9, lat: 31.2 }),
      worker({ id: 'none', lng: null, lat: null, load: 1 }),
      worker({ id: 'near', lng: 121.51, lat: 31.2 }),
      worker({ id: 'other', lng: 121.5, lat: 31.2, stationId: 'S2' }),
      worker({ id: 'none0', lng: null, lat: null, load: 0, name: '钱' }),
    ];
    const c = candidatesFor(o, ws);
    expect(c.map((x) => x.worker.id)).toEqual(['near', 'far', 'none0', 'none']);
    expect(c[0].km).toBeCloseTo(0.95, 1);
    expect(c[1].km).toBeCloseTo(38, 0);
    expect(c[2].km).toBeNull();
  });

  it('break distance ties by load', () => {
    const c = candidatesFor(order({}), [worker({ id: 'busy', load: 3 }), worker({ id: 'free', load: 0 })]);
    expect(c.map((x) => x.worker.id)).toEqual(['free', 'busy']);
  });
});

describe('order list', () => {
  it('puts unassigned orders first and keeps the server’s newest-first order', () => {
    const list = listOrder([
      order({ id: 'a', status: st.dispatched }),
      order({ id: 'b', status: st.notDispatched }),
      order({ id: 'c', status: st.responded }),
      order({ id: 'd', status: st.notDispatched }),
    ]);
    expect(list.map((o) => o.id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('searches number, customer, contact, phone, address and station', () => {
    const os = [
      order({ id: 'a', name: 'WO-2026-001' }),
      order({ id: 'b', customer: '杭州某厂', address: '杭州市西湖区' }),
      order({ id: 'c', phone: '13911112222' }),
    ];
    expect(searchOrders(os, ' wo-2026 ').map((o) => o.id)).toEqual(['a']);
    expect(searchOrders(os, '西湖').map((o) => o.id)).toEqual(['b']);
    expect(searchOrders(os, '1111').map((o) => o.id)).toEqual(['c']);
    expect(searchOrders(os, '')).toHaveLength(3);
  });

  it('offers dispatch for unassigned and dispatched orders only', () => {
    const statuses = [st.notDispatched, st.dispatched, st.responded, st.setOut, st.arrived];
    expect(statuses.map((status) => isAssignable(order({ status })))).toEqual([true, true, false, false, false]);
  });

  it('shows distances readably', () => {
    expect(formatKm(0.456)).toBe('0.46');
    expect(formatKm(12.345)).toBe('12.3');
    expect(formatKm(345.6)).toBe('346');
  });
});
