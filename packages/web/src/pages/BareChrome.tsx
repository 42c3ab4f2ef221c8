import type { ReactNode } from 'react';
import { LanguageSwitch } from '../app/layouts/LanguageSwitch.tsx';
import { LogoMark } from '../app/layouts/LogoMark.tsx';
import { useT } from '../locales/i18n.ts';
import { currentYearUtc8 } from '../shared/date.ts';

/** Frame of the full-page screens: brand and language at the top, company line at the bottom. */
export function BareChrome({
  brand,
  light = false,
  testId,
  children,
}: {
  brand: string;
  light?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className={light ? 'bare-page-light' : 'bare-page'} data-testid={testId} style={{ display: 'flex', flexDirection: 'column' }}>
      <header className="bare-header" style={{ color: light ? '#1f2937' : '#fff' }}>
        <LogoMark />
        <span style={{ fontSize: 17, fontWeight: 600 }}>{brand}</span>
        <div style={{ marginLeft: 'auto' }}>
          <LanguageSwitch dark={!light} />
        </div>
      </header>
      <main className="bare-main">{children}</main>
      <footer className="bare-footer">
        © {currentYearUtc8()} {t('app.company')}
      </footer>
    </div>
  );
}
