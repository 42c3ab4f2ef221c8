import { describe, expect, it } from 'vitest';
import { APPOINTMENT_SLOTS, appointmentSlot, slotLabel, workOrderDealStatus, workOrderStatus } from './work-order.ts';

describe('work-order option sets', () => {
  it('has 35 half-hour appointment slots from 05:00 to 22:00', () => {
    expect(APPOINTMENT_SLOTS).toHaveLength(35);
    expect(APPOINTMENT_SLOTS[0]).toBe(500);
    expect(APPOINTMENT_SLOTS[1]).toBe(530);
    expect(APPOINTMENT_SLOTS.at(-1)).toBe(2200);
    expect(appointmentSlot.options.map((o) => o.label['zh-CN'])).toContain('13:30');
    expect(slotLabel(530)).toBe('05:30');
    expect(new Set(APPOINTMENT_SLOTS).size).toBe(35);
  });

  it('has dealstatus 1–8 and the status values of the specification', () => {
    expect(workOrderDealStatus.options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(workOrderStatus.options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16]);
  });
});
