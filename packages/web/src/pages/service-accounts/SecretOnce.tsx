import type { ServiceAccountResult } from '@portal/model';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useT } from '../../locales/i18n.ts';

/**
 * A service account's client id and secret, shown once (after create and rotate): the server keeps
 * only the secret's hash, so closing this is the last time anyone sees it.
 */
export function SecretOnce({ made, onClose }: { made: ServiceAccountResult | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open={!!made?.clientSecret}
      title={t('sa.ui.secretTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="sa-secret-done">
          {t('sa.ui.done')}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('sa.ui.secretHint')} style={{ marginBottom: 16 }} />
      {made && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('sa.ui.clientId')}>
            <Typography.Text copyable data-testid="sa-client-id">
              {made.clientId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('sa.ui.clientSecret')}>
            <Typography.Text code copyable data-testid="sa-client-secret">
              {made.clientSecret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
