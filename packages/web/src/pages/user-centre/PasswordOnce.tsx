import type { StaffPassword } from '@portal/model';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useT } from '../../locales/i18n.ts';

/**
 * The generated password of a new (or reset) staff account, shown once: the server keeps only its
 * hash, so closing this is the last time anyone sees it.
 */
export function PasswordOnce({ made, onClose }: { made: StaffPassword | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open={!!made}
      title={t('staff.ui.passwordTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="staff-password-done">
          {t('staff.ui.done')}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('staff.ui.passwordHint')} style={{ marginBottom: 16 }} />
      {made && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('staff.ui.userName')}>
            <Typography.Text copyable data-testid="staff-username">
              {made.userName}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('staff.ui.password')}>
            <Typography.Text code copyable data-testid="staff-password">
              {made.password}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
