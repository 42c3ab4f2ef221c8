import { useSession } from '../../session/store.ts';
import { PortalLayout } from './PortalLayout.tsx';
import { StoreLayout } from './StoreLayout.tsx';

/** Signed-in screens sit in the shell of the portal kind the server chose for this host. */
export function ShellLayout() {
  const isStore = useSession((s) => s.isStore);
  return isStore ? <StoreLayout /> : <PortalLayout />;
}
