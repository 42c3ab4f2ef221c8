import { act, render, screen } from '@testing-library/react';
import { Activity, useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useKeptEffect } from './use-kept-effect.ts';

function Probe({ dep, counts }: { dep: number; counts: { kept: number; plain: number } }) {
  useKeptEffect(() => void counts.kept++, [dep]);
  useEffect(() => void counts.plain++, [dep]);
  return <span data-testid="probe">{dep}</span>;
}

function Host({ counts }: { counts: { kept: number; plain: number } }) {
  const [mode, setMode] = useState<'visible' | 'hidden'>('visible');
  const [dep, setDep] = useState(1);
  return (
    <>
      <button data-testid="toggle" onClick={() => setMode((m) => (m === 'visible' ? 'hidden' : 'visible'))} />
      <button data-testid="next" onClick={() => setDep((d) => d + 1)} />
      <Activity mode={mode}>
        <Probe dep={dep} counts={counts} />
      </Activity>
    </>
  );
}

describe('useKeptEffect', () => {
  it('does not run again when a hidden screen is revealed, only when its deps change', () => {
    const counts = { kept: 0, plain: 0 };
    render(<Host counts={counts} />);
    expect(counts).toEqual({ kept: 1, plain: 1 });
    act(() => screen.getByTestId('toggle').click());
    act(() => screen.getByTestId('toggle').click());
    // A plain effect ran again on the reveal; the kept one did not.
    expect(counts).toEqual({ kept: 1, plain: 2 });
    act(() => screen.getByTestId('next').click());
    expect(counts).toEqual({ kept: 2, plain: 3 });
  });
});
