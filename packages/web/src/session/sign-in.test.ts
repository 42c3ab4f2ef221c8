import { describe, expect, it } from 'vitest';
import { isSameOriginPath } from '../shared/safe-path.ts';
import { afterSignInPath } from './sign-in.ts';

describe('afterSignInPath', () => {
  it('follows a same-origin redirect', () => {
    expect(afterSignInPath('/about', false)).toBe('/about');
    expect(afterSignInPath('/main/external/x?a=1', true)).toBe('/main/external/x?a=1');
  });
  it('goes home without one', () => {
    expect(afterSignInPath(null, false)).toBe('/servicehome');
    expect(afterSignInPath(null, true)).toBe('/home1');
  });
  it('never leaves the site', () => {
    for (const bad of [
      'https://evil.example.com/',
      '//evil.example.com',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'about',
      '/\u0009/evil.example.com',
    ]) {
      expect(afterSignInPath(bad, false)).toBe('/servicehome');
    }
  });
  it('never lands on a screen that would undo the sign-in', () => {
    for (const p of ['/', '/?x=1', '/login', '/login1?redirect=%2Fabout', '/forget', '/auth/a/b', '/authorize?target=x']) {
      expect(afterSignInPath(p, false)).toBe('/servicehome');
    }
  });
});

describe('isSameOriginPath', () => {
  it('accepts paths and refuses anything that names another host', () => {
    expect(isSameOriginPath('/a/b?c=d#e')).toBe(true);
    expect(isSameOriginPath('//x')).toBe(false);
    expect(isSameOriginPath('http://x')).toBe(false);
    expect(isSameOriginPath('')).toBe(false);
    expect(isSameOriginPath(undefined)).toBe(false);
  });
});
