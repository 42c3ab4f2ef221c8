import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './reduced-motion.ts';

function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const m = {
    matches: reduce,
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  };
  vi.stubGlobal('matchMedia', (q: string) =>
    q === '(prefers-reduced-motion: reduce)' ? m : { matches: false, addEventListener() {}, removeEventListener() {} },
  );
  return {
    set(v: boolean) {
      m.matches = v;
      listeners.forEach((f) => f());
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('reduced motion', () => {
  it('follows the system setting, also when it changes', () => {
    const s = systemSetting(true);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
    act(() => s.set(false));
    expect(result.current).toBe(false);
  });
  it('is off when the system says nothing', () => {
    systemSetting(false);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(false);
  });
});
