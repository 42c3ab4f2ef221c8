import { ExportOutlined } from '@ant-design/icons';
import { Alert, Card } from 'antd';
import { useParams } from 'react-router';
import { usePortalConfig } from '../../app/portal-config.ts';
import { useT } from '../../locales/i18n.ts';
import { PageTitle } from '../PageTitle.tsx';

/** An http(s) URL whose host the server allows (EXTERNAL_HOSTS); anything else is not framed. */
export function allowedExternalUrl(raw: string | undefined, hosts: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    try {
      url = new URL(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return hosts.includes(url.hostname.toLowerCase()) ? url.href : null;
}

/** /main/external/:url — a page of an allowed external site inside the portal. */
export default function ExternalPage() {
  const t = useT();
  const { url } = useParams();
  const hosts = usePortalConfig((c) => c.externalHosts);
  const allowed = allowedExternalUrl(url, hosts);

  return (
    <div data-testid="page-external">
      <PageTitle
        extra={
          allowed && (
            <a href={allowed} target="_blank" rel="noopener noreferrer">
              <ExportOutlined /> {t('page.externalOpen')}
            </a>
          )
        }
      >
        {t('page.external')}
      </PageTitle>
      {allowed ? (
        <Card styles={{ body: { padding: 0 } }}>
          <iframe
            title={t('page.external')}
            src={allowed}
            style={{ width: '100%', height: 'calc(100vh - 200px)', minHeight: 480, border: 0, display: 'block' }}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
          />
        </Card>
      ) : (
        <Alert type="warning" showIcon title={t('page.externalBlocked')} description={url} data-testid="external-blocked" />
      )}
    </div>
  );
}
