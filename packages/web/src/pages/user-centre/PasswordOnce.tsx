import type { StaffPassword } from '@portal/model';
import { useT } from '../../locales/i18n.ts';
import { ShownOnce } from '../../widgets/ShownOnce.tsx';

/** The generated password of a new (or reset) staff account, shown once. */
export function PasswordOnce({ made, onClose }: { made: StaffPassword | null; onClose: () => void }) {
  const t = useT();
  return (
    <ShownOnce
      open={!!made}
      title={t('staff.ui.passwordTitle')}
      hint={t('staff.ui.passwordHint')}
      done={t('staff.ui.done')}
      doneTestId="staff-password-done"
      items={[
        { label: t('staff.ui.userName'), value: made?.userName ?? '', testId: 'staff-username' },
        { label: t('staff.ui.password'), value: made?.password ?? '', testId: 'staff-password', code: true },
      ]}
      onClose={onClose}
    />
  );
}
