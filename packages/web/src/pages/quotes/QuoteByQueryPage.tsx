import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { retrieveRecord } from '../../api/records.ts';
import { Page404 } from '../errors/ErrorPages.tsx';

/**
 * /quote/view?id=<id> — a quote named in the query string (links from outside, the configurator's
 * return): the quote's own page /quote/view/<id> when it exists and is the caller's to read, else the
 * app's not-found page (no id, an id of nothing, another dealer's quote). Hook: the 404 page's.
 */
export default function QuoteByQueryPage() {
  const [query] = useSearchParams();
  const id = query.get('id')?.trim() ?? '';
  const [found, setFound] = useState<boolean | undefined>(id ? undefined : false);
  useEffect(() => {
    if (!id) return setFound(false);
    let live = true;
    setFound(undefined);
    retrieveRecord('quotes', id, ['quoteid'], { silent: true })
      .then(() => live && setFound(true))
      .catch(() => live && setFound(false));
    return () => {
      live = false;
    };
  }, [id]);
  if (found === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return found ? <Navigate replace to={`/quote/view/${encodeURIComponent(id)}`} /> : <Page404 />;
}
