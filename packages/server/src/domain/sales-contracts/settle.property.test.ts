import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OpenPlan, splitOverPlans } from './settle.ts';

/*
 * Settlement of payment plans by receipts, for any plans and any receipts in any order (fen): the
 * plans' received add up to what the receipts settled, no plan receives more than planned, a plan is
 * paid only once every plan due before it is paid (oldest due date first), and a receipt settles
 * all it brings unless every plan is paid.
 */

const plans = fc.array(fc.record({ due: fc.integer({ min: -200, max: 200 }), planned: fc.integer({ min: 1, max: 5_000_000 }) }), {
  minLength: 1,
  maxLength: 8,
});
const receipts = fc.array(fc.integer({ min: 1, max: 6_000_000 }), { minLength: 1, maxLength: 10 });
const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

describe('settling payment plans', () => {
  it('Σ received = Σ settled; never above planned; oldest due date first', () => {
    fc.assert(
      fc.property(plans, receipts, (ps, rs) => {
        const state: OpenPlan[] = ps.map((p, i) => ({ id: `p${i}`, due: dayOf(p.due), period: i + 1, planned: p.planned, received: 0 }));
        let settled = 0;
        for (const fen of rs) {
          const open = state.filter((p) => p.received < p.planned);
          const lacking = open.reduce((s, p) => s + p.planned - p.received, 0);
          const shares = splitOverPlans(open, fen);
          const sum = shares.reduce((s, x) => s + x.fen, 0);
          expect(sum).toBe(Math.min(fen, lacking));
          for (const s of shares) state.find((p) => p.id === s.id)!.received += s.fen;
          settled += sum;
          // Oldest due date (then period) first: after any receipt, a plan with something received has every earlier plan paid in full.
          const order = [...state].sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.period - b.period));
          const firstOpen = order.findIndex((p) => p.received < p.planned);
          if (firstOpen >= 0) for (const p of order.slice(firstOpen + 1)) expect(p.received).toBe(0);
        }
        expect(state.reduce((s, p) => s + p.received, 0)).toBe(settled);
        for (const p of state) expect(p.received).toBeLessThanOrEqual(p.planned);
      }),
      { numRuns: 300 },
    );
  });
});
