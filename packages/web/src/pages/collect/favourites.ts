import { getEntity, type FavouriteItem, type Lang } from '@portal/model';
import { useEffect, useState } from 'react';
import { listFavourites } from '../../api/favourites.ts';
import { productDetailPath } from '../../api/shop-public.ts';
import { screenPath } from '../../app/screen-path.ts';
import { useSession } from '../../session/store.ts';

/** What a favourite is, in the user's language: its entity's label (产品, 服务工单 …). */
export const kindLabel = (entity: string, lang: Lang) => getEntity(entity)?.label[lang] ?? entity;

/** Where a favourite opens: a product's details, else its entity's record screen (undefined when the app has none). */
export function favouritePath(f: Pick<FavouriteItem, 'Entity' | 'Id'>): string | undefined {
  if (f.Entity === 'product') return productDetailPath(f.Id);
  return screenPath(f.Entity, 'edit', f.Id) ?? screenPath(f.Entity, 'view', f.Id);
}

/** Favourites grouped by kind, kinds in the order their newest favourite came. */
export function groupByKind(items: FavouriteItem[]): { entity: string; items: FavouriteItem[] }[] {
  const groups = new Map<string, FavouriteItem[]>();
  for (const f of items) groups.set(f.Entity, [...(groups.get(f.Entity) ?? []), f]);
  return [...groups].map(([entity, list]) => ({ entity, items: list }));
}

/** The signed-in user's favourites (none asked for while signed out); `remove` drops one after unstarring. */
export function useFavourites() {
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const [items, setItems] = useState<FavouriteItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!loggedIn) {
      setItems([]);
      return;
    }
    let live = true;
    setLoading(true);
    listFavourites()
      .then((d) => live && setItems(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [loggedIn, version]);
  return {
    loggedIn,
    items,
    loading,
    reload: () => setVersion((v) => v + 1),
    remove: (f: FavouriteItem) => setItems((old) => old.filter((x) => !(x.Entity === f.Entity && x.Id === f.Id))),
  };
}
