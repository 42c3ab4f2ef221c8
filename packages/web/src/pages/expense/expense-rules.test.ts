import { describe, expect, it } from 'vitest';
import { availableCommands, doubtsLapsed, sideOf } from './expense-rules.ts';

describe('expense statement commands by state and side', () => {
  it('offers each side only its own next step', () => {
    expect(availableCommands(1, 'station')).toEqual(['submit']);
    expect(availableCommands(1, 'headOffice')).toEqual([]);
    expect(availableCommands(3, 'headOffice')).toEqual(['receiveOldParts']);
    expect(availableCommands(5, 'station')).toEqual(['confirm', 'doubt']);
    expect(availableCommands(6, 'headOffice')).toEqual(['invoice']);
    expect(availableCommands(8, 'headOffice')).toEqual([]);
    expect(availableCommands(5, null)).toEqual([]);
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
