import { describe, expect, it } from 'vitest';
import { doubtsLapsed, offeredToSide, sideOf } from './expense-rules.ts';

describe('expense statement commands by side', () => {
  it("offers each side only its own steps; while it waits for the station, the station's until the deadline and the invoice after it", () => {
    expect(offeredToSide('submit', 'station', 1, false)).toBe(true);
    expect(offeredToSide('submit', 'headOffice', 1, false)).toBe(false);
    expect(offeredToSide('receiveOldParts', 'headOffice', 3, false)).toBe(true);
    expect(offeredToSide('confirm', 'station', 5, false)).toBe(true);
    expect(offeredToSide('invoice', 'headOffice', 5, false)).toBe(false);
    expect(offeredToSide('confirm', 'station', 5, true)).toBe(false);
    expect(offeredToSide('invoice', 'headOffice', 5, true)).toBe(true);
    expect(offeredToSide('confirm', null, 5, false)).toBe(false);
  });

  it('a station user acts for their own station only; head office needs expense.write', () => {
    expect(sideOf({ userStationId: 'a', claimStationId: 'a', mayWrite: false })).toBe('station');
    expect(sideOf({ userStationId: 'a', claimStationId: 'b', mayWrite: false })).toBeNull();
    expect(sideOf({ userStationId: '', claimStationId: 'b', mayWrite: true })).toBe('headOffice');
    expect(sideOf({ userStationId: '', claimStationId: 'b', mayWrite: false })).toBeNull();
  });

  it('doubts lapse at the deadline', () => {
    expect(doubtsLapsed(5, '2026-01-01T00:00:00Z', Date.parse('2026-01-02T00:00:00Z'))).toBe(true);
    expect(doubtsLapsed(5, '2026-01-03T00:00:00Z', Date.parse('2026-01-02T00:00:00Z'))).toBe(false);
    expect(doubtsLapsed(6, '2026-01-01T00:00:00Z', Date.parse('2026-01-02T00:00:00Z'))).toBe(false);
  });
});
