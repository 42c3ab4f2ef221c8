import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../offline/orders.ts';
import { appointmentText, fullAddress, orderPosition, sortMyOrders, telLink } from './order-list.ts';
import { fitWithin, photoName } from './photo.ts';

const order = (name: string, row: Record<string, unknown>, pending = 0): OrderView => ({
  id: name,
  row: { new_name: name, new_status: 2, ...row },
  lines: { repairitems: [], partlines: [] },
  photos: 0,
  savedAt: '',
  complete: false,
  pending: Array.from({ length: pending }, () => ({
    userId: 'u',
    orderId: name,
    orderName: name,
    kind: 'progress' as const,
    key: 'k',
    at: '',
    state: 'pending' as const,
  })),
});

describe('我的工单', () => {
  it("lists today's appointments first (by slot), then the other open orders (nearest first, none last)", () => {
    const { today, others } = sortMyOrders(
      [
        order('WO-none', { new_appointmenttime: null }),
        order('WO-today-late', { new_appointmenttime: '2026-11-25', new_appointmentbegin: 1400 }),
        order('WO-tomorrow', { new_appointmenttime: '2026-11-26', new_appointmentbegin: 900 }),
        order('WO-today-early', { new_appointmenttime: '2026-11-25', new_appointmentbegin: 830, new_status: 4 }),
        order('WO-yesterday', { new_appointmenttime: '2026-11-24', new_appointmentbegin: 900, new_status: 5 }),
        order('WO-done', { new_appointmenttime: '2026-11-25', new_status: 7 }),
        order('WO-done-here', { new_appointmenttime: '2026-11-25', new_appointmentbegin: 1600, new_status: 7 }, 1),
      ],
      '2026-11-25',
    );
    expect(today.map((o) => o.id)).toEqual(['WO-today-early', 'WO-today-late', 'WO-done-here']);
    expect(others.map((o) => o.id)).toEqual(['WO-yesterday', 'WO-tomorrow', 'WO-none']);
  });

  it('shows the appointment, the address once per division, the position and a dialable number', () => {
    expect(appointmentText({ new_appointmenttime: '2026-11-25', new_appointmentbegin: 900, new_appointmentend: 1130 })).toBe(
      '2026-11-25 09:00–11:30',
    );
    expect(appointmentText({ new_appointmenttime: null })).toBe('');
    expect(fullAddress({ new_province: '上海市', new_city: '上海市', new_county: '浦东新区', new_address: '张江路 88 号' })).toBe(
      '上海市浦东新区张江路 88 号',
    );
    expect(orderPosition({ new_longitude: '121.5903', new_latitude: 31.2044 })).toEqual({ lng: 121.5903, lat: 31.2044 });
    expect(orderPosition({ new_longitude: null, new_latitude: null })).toBeNull();
    expect(telLink('138 1234 5678')).toBe('tel:13812345678');
    expect(telLink('021-5858 0000')).toBe('tel:021-58580000');
    expect(telLink('')).toBeNull();
  });
});

describe('site photos', () => {
  it('fit within 1600 px on the long side, keeping the aspect ratio, never enlarged', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(0, 10)).toEqual({ width: 0, height: 0 });
  });

  it('get a JPEG name of their own, stamped in China time', () => {
    const at = new Date('2026-11-25T01:05:07Z');
    const a = photoName(at, 1);
    expect(a).toMatch(/^site-20261125-090507-01-[a-z0-9]{1,4}\.jpg$/);
    expect(photoName(at, 1)).not.toBe(a);
  });
});
