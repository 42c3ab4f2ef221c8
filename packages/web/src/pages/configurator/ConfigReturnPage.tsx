import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/envelope.ts';
import { detailsPath, openLink, rememberToken } from '../../api/configurator.ts';
import { useT } from '../../locales/i18n.ts';

/**
 * /config/page?token=… (anonymous): the return page of a saved configuration's signed link. The
 * server checks the token's signature and expiry; a good one is kept for this tab and the visitor
 * goes on to /quote/details/{cpqQuoteId}; a forged or expired one is refused with its reason.
 */
export default function ConfigReturnPage() {
  const t = useT();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [refused, setRefused] = useState('');

  useEffect(() => {
    if (!token) {
      setRefused(t('cpq.noToken'));
      return;
    }
    let live = true;
    openLink(token)
      .then(({ Id }) => {
        if (!live) return;
        rememberToken(Id, token);
        navigate(detailsPath(Id), { replace: true });
      })
      .catch((e) => live && setRefused(e instanceof ApiError && e.message ? e.message : t('cpq.linkForged')));
    return () => {
      live = false;
    };
  }, [token, navigate, t]);

  if (!refused)
    return (
      <div style={{ textAlign: 'center', margin: '80px auto' }}>
        <Spin />
        <div style={{ marginTop: 12 }}>{t('cpq.checkingLink')}</div>
      </div>
    );
  return (
    <Result
      status="error"
      title={refused}
      data-testid="cpq-link-refused"
      extra={
        <Button type="primary" onClick={() => navigate('/product/catalog')}>
          {t('cpq.backToCatalog')}
        </Button>
      }
    />
  );
}
