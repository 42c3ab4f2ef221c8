import type { ServiceAccountResult } from '@portal/model';
import { useT } from '../../locales/i18n.ts';
import { ShownOnce } from '../../widgets/ShownOnce.tsx';

/** A service account's client id and secret, shown once (after create and rotate). */
export function SecretOnce({ made, onClose }: { made: ServiceAccountResult | null; onClose: () => void }) {
  const t = useT();
  return (
    <ShownOnce
      open={!!made?.clientSecret}
      title={t('sa.ui.secretTitle')}
      hint={t('sa.ui.secretHint')}
      done={t('sa.ui.done')}
      doneTestId="sa-secret-done"
      items={[
        { label: t('sa.ui.clientId'), value: made?.clientId ?? '', testId: 'sa-client-id' },
        { label: t('sa.ui.clientSecret'), value: made?.clientSecret ?? '', testId: 'sa-client-secret', code: true },
      ]}
      onClose={onClose}
    />
  );
}
