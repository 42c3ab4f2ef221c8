import { SHOP_PAGE_SIZE, type PublicProduct } from '@portal/model';
import { useCallback, useRef, useState } from 'react';
import { favouriteIds } from '../../api/favourites.ts';
import { useKeptEffect } from '../../app/use-kept-effect.ts';
import { searchProducts } from '../../api/shop-public.ts';
import { useSession } from '../../session/store.ts';

/**
 * The shop's product search as a screen uses it: the first page for (q, line), then "load more"
 * pages after the last part number (keyset). Signed in, the stars of the cards shown are asked for
 * in one call per page.
 */
export function useProductSearch(q: string, line: string | undefined) {
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const [rows, setRows] = useState<PublicProduct[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [starred, setStarred] = useState<Set<string>>(new Set());
  const seq = useRef(0);

  const stars = useCallback(
    (list: PublicProduct[]) => {
      if (!loggedIn || !list.length) return;
      favouriteIds(
        'product',
        list.map((r) => r.Id),
        { silent: true },
      )
        .then((s) => setStarred((old) => new Set([...old, ...s])))
        .catch(() => undefined);
    },
    [loggedIn],
  );

  // Kept: showing the tab again keeps the pages loaded so far.
  useKeptEffect(() => {
    const n = ++seq.current;
    setLoading(true);
    setStarred(new Set());
    searchProducts({ q, line, limit: SHOP_PAGE_SIZE })
      .then((page) => {
        if (n !== seq.current) return;
        setRows(page.rows);
        setNext(page.next);
        stars(page.rows);
      })
      .catch(() => {
        if (n !== seq.current) return;
        setRows([]);
        setNext(null);
      })
      .finally(() => {
        if (n !== seq.current) return;
        setLoading(false);
        setLoaded(true);
      });
  }, [q, line, stars]);

  const loadMore = useCallback(() => {
    if (!next) return;
    const n = ++seq.current;
    setLoading(true);
    searchProducts({ q, line, after: next, limit: SHOP_PAGE_SIZE })
      .then((page) => {
        if (n !== seq.current) return;
        setRows((old) => [...old, ...page.rows]);
        setNext(page.next);
        stars(page.rows);
      })
      .catch(() => undefined)
      .finally(() => n === seq.current && setLoading(false));
  }, [q, line, next, stars]);

  return { rows, next, loading, loaded, loadMore, starred };
}
