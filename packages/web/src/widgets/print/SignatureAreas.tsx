import type { MessageKey } from '@portal/model';
import { useT } from '../../locales/i18n.ts';
import './a4-print.css';

/**
 * Both sides' signature (and seal) areas of a printable form, side by side and kept on one page,
 * each with a date line; the server's PDFs draw the same (server pdf/a4-form.ts). Hooks
 * `<testPrefix>-signs`, `<testPrefix>-sign-<key>`.
 */
export function SignatureAreas({
  sides,
  testPrefix,
}: {
  sides: readonly { key: string; sign: MessageKey; seal?: MessageKey }[];
  testPrefix: string;
}) {
  const t = useT();
  return (
    <section className="a4-signs" data-testid={`${testPrefix}-signs`}>
      {sides.map((s) => (
        <div key={s.key} className="a4-sign" data-testid={`${testPrefix}-sign-${s.key}`}>
          <div className="a4-sign-line">{t(s.sign)}：</div>
          <div className="a4-seal">{s.seal ? t(s.seal) : ''}</div>
          <div className="a4-sign-line">{t('expense.print.date')}：　　　年　　月　　日</div>
        </div>
      ))}
    </section>
  );
}
