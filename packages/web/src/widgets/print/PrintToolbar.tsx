import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { callBlob } from '../../api/client.ts';
import { useT } from '../../locales/i18n.ts';
import { saveBlob } from '../../shared/download.ts';
import './a4-print.css';

/**
 * The toolbar above a printable A4 form (hidden on paper by a4-print.css): Print (the browser's
 * print, from the click: no inline script under the CSP), Download PDF (the server's rendering of
 * the same form, named by the server) and a link back to the record. Hooks `<testPrefix>-print`,
 * `<testPrefix>-pdf`.
 */
export function PrintToolbar({
  pdfPath,
  fallbackName,
  backTo,
  backLabel,
  testPrefix,
}: {
  /** The server's PDF of the form; without it there is no 下载 PDF button (a view the server does not render). */
  pdfPath?: string;
  /** The file name when the server gives none. */
  fallbackName?: string;
  backTo: string;
  backLabel: string;
  testPrefix: string;
}) {
  const t = useT();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!pdfPath) return;
    setDownloading(true);
    try {
      const { blob, filename } = await callBlob(pdfPath);
      saveBlob(blob, filename || fallbackName || 'document.pdf');
    } catch {
      /* the client already showed the server's message */
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="a4-toolbar">
      <Button type="primary" onClick={() => window.print()} data-testid={`${testPrefix}-print`}>
        {t('expense.print.print')}
      </Button>
      {pdfPath && (
        <Button onClick={download} loading={downloading} data-testid={`${testPrefix}-pdf`}>
          {t('expense.print.pdf')}
        </Button>
      )}
      <Link to={backTo} style={{ alignSelf: 'center' }}>
        {backLabel}
      </Link>
    </div>
  );
}
