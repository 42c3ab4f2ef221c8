import { useCallback } from 'react';
import { useSession } from './store.ts';

/**
 * The privilege directive as a hook: `can('parts.write')` or `can(['a', 'b'])` (all needed). It
 * only hides controls for comfort; the server enforces every privilege.
 */
export function usePrivilege(): (need: string | readonly string[]) => boolean {
  const privilege = useSession((s) => s.user.privilege);
  return useCallback((need) => (typeof need === 'string' ? [need] : need).every((p) => privilege.includes(p)), [privilege]);
}
