import { UploadOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { uploadAvatar } from '../../api/portal.ts';
import { toast } from '../../app/feedback.ts';
import { UserAvatar } from '../../app/layouts/UserMenu.tsx';
import { useT } from '../../locales/i18n.ts';
import { errorText } from '../../session/sign-in.ts';
import { getSession } from '../../session/store.ts';
import { PageTitle } from '../PageTitle.tsx';
import { avatarProblem, avatarWithinLimit, readAsDataUrl } from './avatar-file.ts';

/** /profile/avatar: pick a png/jpg/gif (a larger one is shrunk to 100 KB), preview it, save; the header avatar follows. */
export default function AvatarPage() {
  const t = useT();
  const [preview, setPreview] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const choose = async (file: File) => {
    const problem = avatarProblem(file);
    if (problem) {
      setError(t(problem));
      setPreview('');
      return;
    }
    setError('');
    try {
      const fitted = await avatarWithinLimit(file);
      if (!fitted) {
        setError(t('avatar.tooLarge'));
        setPreview('');
        return;
      }
      setPreview(await readAsDataUrl(fitted));
    } catch {
      // Not a picture the browser can read (a broken or mislabelled file).
      setError(t('avatar.badType'));
      setPreview('');
    }
  };

  const save = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const res = await uploadAvatar(preview, { silent: true });
      getSession().setUser({ avatarUrl: res.Data?.avatarUrl ?? preview });
      toast.success(res.Message || t('avatar.changed'));
      setPreview('');
    } catch (e) {
      setError(errorText(e));
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="page-avatar">
      <PageTitle>{t('avatar.title')}</PageTitle>
      <Card style={{ maxWidth: 640 }}>
        {error && (
          <div data-testid="avatar-error" style={{ marginBottom: 16 }}>
            <Alert type="error" showIcon title={error} />
          </div>
        )}
        <Flex gap={48} align="center" wrap>
          <Flex vertical align="center" gap={8}>
            <UserAvatar size={96} />
            <Typography.Text type="secondary">{t('avatar.current')}</Typography.Text>
          </Flex>
          <Flex vertical align="center" gap={8}>
            {preview ? (
              <Avatar size={96} src={preview} alt={t('avatar.preview')} data-testid="avatar-preview" />
            ) : (
              <Avatar size={96} style={{ background: '#f0f0f0', color: '#bfbfbf' }} icon={<UploadOutlined />} aria-hidden />
            )}
            <Typography.Text type="secondary">{t('avatar.preview')}</Typography.Text>
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 24 }}>
          {t('avatar.hint')}
        </Typography.Paragraph>
        <Flex gap={12}>
          <Upload
            accept=".png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void choose(file);
              // Read locally only; the photo is sent as a data URL when saved.
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="avatar-choose">
              {t('avatar.choose')}
            </Button>
          </Upload>
          <Button type="primary" onClick={() => void save()} disabled={!preview} loading={busy} data-testid="avatar-save">
            {t('common.save')}
          </Button>
        </Flex>
      </Card>
    </div>
  );
}
