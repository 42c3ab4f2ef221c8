/** Timing helpers shared by the benchmarks that set a generic call against the SQL it runs. */

export const t = () => performance.now();

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export interface Outcome {
  rows: number;
  n: unknown;
}

/**
 * Checks that `api` and `direct` answer the same, warms both up, then times `runs` of each:
 * interleaved (both see the same cache state), or in two blocks with `blocks`. Times in ms.
 */
export async function timeBoth(api: () => Promise<Outcome>, direct: () => Promise<Outcome>, o: { runs: number; warmups: number; blocks?: boolean }) {
  const a = await api();
  const d = await direct();
  if (a.rows !== d.rows || a.n !== d.n) throw new Error(`results differ: api ${JSON.stringify(a)} direct ${JSON.stringify(d)}`);
  for (let i = 0; i < o.warmups; i++) {
    await api();
    await direct();
  }
  const ta: number[] = [];
  const td: number[] = [];
  const once = async (f: () => Promise<Outcome>, into: number[]) => {
    const s = t();
    await f();
    into.push(t() - s);
  };
  if (o.blocks) {
    for (let i = 0; i < o.runs; i++) await once(direct, td);
    for (let i = 0; i < o.runs; i++) await once(api, ta);
  } else {
    for (let i = 0; i < o.runs; i++) {
      await once(direct, td);
      await once(api, ta);
    }
  }
  return { a, ta, td };
}
