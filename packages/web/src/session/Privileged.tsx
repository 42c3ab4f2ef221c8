import type { ReactNode } from 'react';
import { usePrivilege } from './use-privilege.ts';

/** Renders its children only for a user holding `need` (one name, or a list that must all be held). */
export function Privileged({ need, fallback = null, children }: { need: string | readonly string[]; fallback?: ReactNode; children: ReactNode }) {
  const can = usePrivilege();
  return <>{can(need) ? children : fallback}</>;
}
