import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bomOf, choose, type CpqDefinition, type CpqRuleDef, evaluate, initialChoices, priceOf, problemsOf, unchoose } from './engine.ts';

// A small chiller: the demo's rules in miniature.
const def: CpqDefinition = {
  id: 'p',
  code: 'LSBLG',
  name: '螺杆式冷水机组',
  description: null,
  basePriceFen: 100_000_00,
  groups: [
    {
      id: 'volt',
      code: 'V',
      name: '电源',
      multiple: false,
      required: true,
      options: [
        { id: 'v380', code: 'V380', name: '380V/50Hz', priceDeltaFen: 0, isDefault: true },
        { id: 'v460', code: 'V460', name: '460V/60Hz', priceDeltaFen: 8_000_00 },
      ],
    },
    {
      id: 'comp',
      code: 'C',
      name: '压缩机',
      multiple: false,
      required: true,
      options: [
        { id: 'fixed', code: 'FIX', name: '定频压缩机', priceDeltaFen: 0, isDefault: true },
        { id: 'vsd', code: 'VSD', name: '变频压缩机', priceDeltaFen: 30_000_00 },
      ],
    },
    {
      id: 'ctrl',
      code: 'K',
      name: '控制',
      multiple: false,
      required: true,
      options: [
        { id: 'std', code: 'STD', name: '国内标准电控柜', priceDeltaFen: 0, isDefault: true },
        { id: 'smart', code: 'SMART', name: '智能群控', priceDeltaFen: 12_000_00 },
      ],
    },
    {
      id: 'acc',
      code: 'A',
      name: '附件',
      multiple: true,
      required: false,
      options: [
        { id: 'bms', code: 'BMS', name: 'BMS 通讯网关', priceDeltaFen: 3_500_00 },
        { id: 'pads', code: 'PAD', name: '减震垫', priceDeltaFen: 800_00 },
      ],
    },
  ],
  rules: [
    { id: 'r1', kind: 'requires', option: 'vsd', target: 'smart', message: '变频压缩机需要智能群控' },
    { id: 'r2', kind: 'excludes', option: 'v460', target: 'std', message: '460V/60Hz 不能配国内标准电控柜' },
    { id: 'r3', kind: 'onlyWith', option: 'bms', target: 'smart', message: 'BMS 通讯网关仅可搭配智能群控' },
  ],
  bom: [
    { option: null, partNumber: 'FR-01', name: '机架', qty: 1, uom: '套' },
    { option: 'vsd', partNumber: 'VFD-01', name: '变频器', qty: 1, uom: '台' },
    { option: 'pads', partNumber: 'PAD-01', name: '减震垫', qty: 4, uom: '块' },
    { option: 'bms', partNumber: 'PAD-01', name: '减震垫', qty: 2, uom: '块' },
  ],
};

describe('configurator engine', () => {
  it('starts from the defaults: complete, valid, base price; what the rules forbid is disabled with the rule', () => {
    const s = initialChoices(def);
    expect(s).toEqual(['v380', 'fixed', 'std']);
    const e = evaluate(def, s);
    expect(e).toMatchObject({ complete: true, valid: true, priceFen: 100_000_00 });
    expect(e.options.v460.disabledBy?.message).toBe('460V/60Hz 不能配国内标准电控柜');
    expect(e.options.bms.disabledBy?.message).toBe('BMS 通讯网关仅可搭配智能群控');
    // Requires brings its target along: 变频 is offered, choosing it switches the controls.
    expect(e.options.vsd.disabledBy).toBeUndefined();
    const vsd = choose(def, s, 'vsd');
    expect(vsd).toEqual(['v380', 'vsd', 'smart']);
    const after = evaluate(def, vsd);
    expect(after.priceFen).toBe(142_000_00);
    // Now the standard cabinet would leave 变频 without its controls; 460V and BMS are offered.
    expect(after.options.std.disabledBy?.message).toBe('变频压缩机需要智能群控');
    expect(after.options.v460.disabledBy).toBeUndefined();
    expect(after.options.bms.disabledBy).toBeUndefined();
  });

  it('a chosen option another needs is kept; dropping what only-with hangs on is refused by the rule', () => {
    let s = choose(def, initialChoices(def), 'smart');
    s = choose(def, s, 'bms');
    const e = evaluate(def, s);
    expect(e.options.bms.chosen).toBe(true);
    // smart is in a required single-choice group: changing it to std is what is refused.
    expect(e.options.std.disabledBy?.message).toBe('BMS 通讯网关仅可搭配智能群控');
    expect(problemsOf(def, unchoose(def, s, 'smart')).map((p) => p.kind)).toEqual(['rule', 'required']);
  });

  it('BOM: base parts plus the chosen options, one line per part number', () => {
    const s = choose(def, choose(def, choose(def, initialChoices(def), 'smart'), 'bms'), 'pads');
    expect(bomOf(def, s)).toEqual([
      { partNumber: 'FR-01', name: '机架', qty: 1, uom: '套' },
      { partNumber: 'PAD-01', name: '减震垫', qty: 6, uom: '块' },
    ]);
  });

  it('refuses two options of a single-choice group, an empty required group and options of another product', () => {
    expect(problemsOf(def, ['v380', 'v460', 'fixed', 'std']).map((p) => p.kind)).toEqual(['rule', 'single']);
    expect(problemsOf(def, ['v380', 'fixed']).map((p) => p.kind)).toEqual(['required']);
    expect(problemsOf(def, ['v380', 'fixed', 'std', 'elsewhere'])).toEqual([{ kind: 'unknown', option: 'elsewhere' }]);
  });
});

// Random products: 2–6 groups of 1–5 options, random rules between them.
const arbDefinition: fc.Arbitrary<CpqDefinition> = fc
  .array(fc.record({ multiple: fc.boolean(), required: fc.boolean(), n: fc.integer({ min: 1, max: 5 }) }), { minLength: 2, maxLength: 6 })
  .chain((gs) => {
    const groups = gs.map((g, i) => ({
      id: `g${i}`,
      code: `G${i}`,
      name: `组${i}`,
      multiple: g.multiple,
      required: g.required,
      options: Array.from({ length: g.n }, (_, j) => ({ id: `o${i}_${j}`, code: `O${i}${j}`, name: `选项${i}-${j}`, priceDeltaFen: 0 })),
    }));
    const ids = groups.flatMap((g) => g.options.map((o) => o.id));
    const rule = fc.record({
      kind: fc.constantFrom('requires', 'excludes', 'onlyWith') as fc.Arbitrary<CpqRuleDef['kind']>,
      option: fc.constantFrom(...ids),
      target: fc.constantFrom(...ids),
    });
    return fc
      .tuple(
        fc.array(rule, { maxLength: 8 }),
        fc.array(fc.integer({ min: -50_000, max: 500_000 }), { minLength: ids.length, maxLength: ids.length }),
        fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length }),
        fc.integer({ min: 0, max: 10_000_000 }),
      )
      .map(([rules, deltas, defaults, base]) => {
        let k = 0;
        for (const g of groups)
          for (const o of g.options) {
            o.priceDeltaFen = deltas[k];
            (o as { isDefault?: boolean }).isDefault = defaults[k++];
          }
        return {
          id: 'p',
          code: 'P',
          name: '产品',
          description: null,
          basePriceFen: base,
          groups,
          rules: rules.filter((r) => r.option !== r.target).map((r, i) => ({ ...r, id: `r${i}`, message: `规则${i}` })),
          bom: [],
        };
      });
  });

/** Every rule, read straight from its meaning (not through the engine). */
function satisfiesEveryRule(d: CpqDefinition, chosen: readonly string[]): boolean {
  const s = new Set(chosen);
  return d.rules.every((r) => (r.kind === 'excludes' ? !(s.has(r.option) && s.has(r.target)) : !s.has(r.option) || s.has(r.target)));
}
const structureHolds = (d: CpqDefinition, chosen: readonly string[]) =>
  d.groups.every((g) => {
    const n = g.options.filter((o) => chosen.includes(o.id)).length;
    return (g.multiple || n <= 1) && (!g.required || n >= 1);
  });

describe('configurator engine, properties', () => {
  it('any choice set it accepts satisfies every rule and its groups, and is priced base + Σ deltas; what it refuses breaks one', () => {
    fc.assert(
      fc.property(
        arbDefinition.chain((d) => fc.tuple(fc.constant(d), fc.subarray(d.groups.flatMap((g) => g.options.map((o) => o.id))))),
        ([d, chosen]) => {
          const accepted = problemsOf(d, chosen).length === 0;
          expect(accepted).toBe(satisfiesEveryRule(d, chosen) && structureHolds(d, chosen));
          const deltas = d.groups.flatMap((g) => g.options).filter((o) => chosen.includes(o.id));
          expect(priceOf(d, chosen)).toBe(d.basePriceFen + deltas.reduce((a, o) => a + o.priceDeltaFen, 0));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('clicking only what the page offers never breaks a rule that was kept: offered options keep the set rule-clean', () => {
    fc.assert(
      fc.property(
        arbDefinition.chain((d) => {
          const ids = d.groups.flatMap((g) => g.options.map((o) => o.id));
          return fc.tuple(fc.constant(d), fc.array(fc.constantFrom(...ids), { maxLength: 20 }));
        }),
        ([d, clicks]) => {
          let s = initialChoices(d);
          expect(satisfiesEveryRule(d, s)).toBe(true);
          for (const id of clicks) {
            const state = evaluate(d, s).options[id];
            if (state.chosen) {
              const g = d.groups.find((x) => x.options.some((o) => o.id === id))!;
              if (!state.lockedBy && (g.multiple || !g.required)) s = unchoose(d, s, id);
            } else if (!state.disabledBy) s = choose(d, s, id);
            expect(satisfiesEveryRule(d, s)).toBe(true);
            expect(d.groups.every((g) => g.multiple || g.options.filter((o) => s.includes(o.id)).length <= 1)).toBe(true);
          }
          const e = evaluate(d, s);
          if (e.complete) expect(e.valid).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
