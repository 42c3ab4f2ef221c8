import { describe, expect, it } from 'vitest';
import { commandUrl } from './command.ts';

describe('commandUrl', () => {
  it('posts a command that keeps a spec-named path there, with the id in place', () => {
    expect(commandUrl('new_srv_sitereturn', 'a/b', 'deliver')).toBe('/api/parts/siteReturns/a%2Fb/deliver');
  });

  it('refuses a command the entity does not declare', () => {
    expect(() => commandUrl('new_srv_sitereturn', '1', 'explode')).toThrow(/declares no command explode/);
  });
});
