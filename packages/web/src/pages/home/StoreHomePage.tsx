import { useT } from '../../locales/i18n.ts';
import { Shortcuts } from './Shortcuts.tsx';
import { Welcome } from './Welcome.tsx';

/** /home1: the store portal's home after sign-in. */
export default function StoreHomePage() {
  const t = useT();
  return (
    <div data-testid="page-home1">
      <Welcome subtitle={t('store.welcome')} />
      <Shortcuts />
    </div>
  );
}
