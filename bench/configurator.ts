/**
 * The product configurator's rule engine on a change, in the browser: a product of 50 options (10
 * groups of 5, two of them multiple-choice) and 40 rules of the three kinds; each change is what the
 * configuration page runs on a click — `choose` (or `unchoose`) then `evaluate` (every option's
 * state: disabled by which rule, kept by which; problems, price, BOM). Target: ≤ 20 ms per change.
 *
 *   node --import tsx bench/configurator.ts
 *
 * The model's engine (packages/model/src/configurator/engine.ts, the module the page imports) is
 * bundled with esbuild and run in headless Chromium; BENCH_CHANGES (default 500) random clicks on
 * offered options from the defaults, timed one by one with performance.now(); the same in Node for
 * comparison. React's render of the page is not in the figure (the engine's answer is what a click
 * waits for before it).
 */
import { buildSync } from 'esbuild';
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser.ts';
import * as engine from '../packages/model/src/configurator/engine.ts';
import type { CpqDefinition } from '../packages/model/src/configurator/engine.ts';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 500);
const TARGET_MS = 20;

/** 10 groups × 5 options; groups 8 and 9 multiple-choice and optional; 40 rules, deterministic. */
function product(): CpqDefinition {
  let seed = 29;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const groups = Array.from({ length: 10 }, (_, g) => ({
    id: `g${g}`,
    code: `G${g}`,
    name: `组${g}`,
    multiple: g >= 8,
    required: g < 8,
    options: Array.from({ length: 5 }, (_, o) => ({
      id: `o${g}_${o}`,
      code: `O${g}${o}`,
      name: `选项${g}-${o}`,
      priceDeltaFen: Math.round(rnd() * 5_000_000),
      isDefault: g < 8 && o === 0,
    })),
  }));
  const ids = groups.flatMap((g) => g.options.map((o) => o.id));
  const kinds = ['requires', 'excludes', 'onlyWith'] as const;
  const rules = Array.from({ length: 40 }, (_, i) => {
    const option = ids[Math.floor(rnd() * ids.length)];
    let target = ids[Math.floor(rnd() * ids.length)];
    if (target === option) target = ids[(ids.indexOf(option) + 7) % ids.length];
    return { id: `r${i}`, kind: kinds[i % 3], option, target, message: `规则 ${i}` };
  });
  const bom = ids.map((id, i) => ({ option: i % 3 ? id : null, partNumber: `P-${i % 30}`, name: `物料${i}`, qty: 1 + (i % 4), uom: '件' }));
  return { id: 'p', code: 'BENCH', name: '50 选项产品', description: null, basePriceFen: 100_000_000, groups, rules, bom };
}

/** Runs in the page (and in Node): `changes` clicks on offered options, each timed; answers the times in ms. */
function run(e: typeof engine, def: CpqDefinition, changes: number): number[] {
  let s = e.initialChoices(def);
  e.evaluate(def, s);
  const ids = def.groups.flatMap((g) => g.options.map((o) => o.id));
  const times: number[] = [];
  let k = 0;
  for (let i = 0; i < changes; i++) {
    const id = ids[(k = (k * 31 + 17) % ids.length)];
    const t0 = performance.now();
    const before = e.evaluate(def, s).options[id];
    const group = def.groups.find((g) => g.options.some((o) => o.id === id))!;
    if (before.chosen) {
      if (!before.lockedBy && group.multiple) s = e.unchoose(def, s, id);
    } else if (!before.disabledBy) s = e.choose(def, s, id);
    e.evaluate(def, s);
    times.push(performance.now() - t0);
  }
  return times;
}

const stats = (t: number[]) => {
  const s = [...t].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1] };
};
const fmt = (x: number) => `${x.toFixed(3)} ms`;

const def = product();
const bundle = buildSync({
  entryPoints: [resolve(import.meta.dirname, '../packages/model/src/configurator/engine.ts')],
  bundle: true,
  format: 'iife',
  globalName: 'cpqEngine',
  write: false,
  target: 'es2022',
}).outputFiles[0].text;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>configurator bench</title>');
  await page.addScriptTag({ content: bundle });
  const inBrowser = await page.evaluate(
    ([src, d, n]) => {
      const e = (globalThis as unknown as { cpqEngine: typeof engine }).cpqEngine;
      return new Function(`return ${src}`)()(e, d, n) as number[];
    },
    [run.toString(), def, CHANGES] as const,
  );
  const inNode = run(engine, def, CHANGES);
  const b = stats(inBrowser);
  const n = stats(inNode);
  console.log(
    `product: ${def.groups.length} groups, ${def.groups.flatMap((g) => g.options).length} options, ${def.rules.length} rules; ${CHANGES} changes`,
  );
  console.log(`Chromium: median ${fmt(b.median)}, p95 ${fmt(b.p95)}, max ${fmt(b.max)} per change (target ≤ ${TARGET_MS} ms)`);
  console.log(`Node:     median ${fmt(n.median)}, p95 ${fmt(n.p95)}, max ${fmt(n.max)} per change`);
  if (b.p95 > TARGET_MS) process.exitCode = 1;
} finally {
  await browser.close();
}
