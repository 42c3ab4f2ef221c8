import { describe, expect, it } from 'vitest';
import { headerMinWidth, searchBoxProps, textPx } from './text-fit.ts';

describe('headerMinWidth', () => {
  it('leaves room for the longest English word, the padding and the sorter', () => {
    const appointment = headerMinWidth('Appointment date', true);
    // "Appointment" is about 85 px in bold 14 px; an 80 px column broke it into "Appoint / ment".
    expect(appointment).toBeGreaterThanOrEqual(85 + 16 + 22);
    expect(appointment).toBeLessThan(150);
    expect(headerMinWidth('Appointment date', false)).toBe(appointment - 22);
    expect(headerMinWidth('Lines with variance', true)).toBe(headerMinWidth('variance', true));
  });

  it('sets no floor for Chinese headers, which wrap between any two characters', () => {
    expect(headerMinWidth('预约时间', true)).toBe(0);
    expect(headerMinWidth('', true)).toBe(0);
  });
});

describe('searchBoxProps', () => {
  it('widens the box to its hint up to 300 px and carries the hint as title', () => {
    expect(searchBoxProps('搜索', 220)).toEqual({ placeholder: '搜索', title: '搜索', style: { width: 220 } });
    const mid = searchBoxProps('Search Delivery number/Tracking number', 220).style.width;
    expect(mid).toBeGreaterThan(textPx('Search Delivery number/Tracking number'));
    expect(mid).toBeLessThanOrEqual(300);
    expect(searchBoxProps('Search Work order number/Customer/Contact/Phone/Device serial number', 220)).toMatchObject({
      title: 'Search Work order number/Customer/Contact/Phone/Device serial number',
      style: { width: 300 },
    });
  });
});
