import { useT } from '../../locales/i18n.ts';
import { Shortcuts } from './Shortcuts.tsx';
import { Welcome } from './Welcome.tsx';

/** /servicehome: the standard portal's home after sign-in. */
export default function ServiceHomePage() {
  const t = useT();
  return (
    <div data-testid="page-servicehome">
      <Welcome subtitle={t('home.welcome')} />
      <Shortcuts />
    </div>
  );
}
