import type { FavouriteItem } from '@portal/model';
import { apiGet, call, type CallOptions } from './client.ts';

/** Favourites (收藏) of the signed-in user: star / unstar, which are starred, the list. */
export async function toggleFavourite(entity: string, id: string, on?: boolean): Promise<{ favourite: boolean; message: string }> {
  const env = await call<{ Favourite: boolean }>('/api/favourites/toggle', {
    method: 'POST',
    json: { entity, id, ...(on === undefined ? {} : { on }) },
  });
  return { favourite: !!env.Data?.Favourite, message: env.Message ?? '' };
}

export async function favouriteIds(entity: string, ids: string[], opts?: CallOptions): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const d = await apiGet<string[]>(
    `/api/favourites/state?entity=${encodeURIComponent(entity)}&ids=${ids.slice(0, 100).map(encodeURIComponent).join(',')}`,
    opts,
  );
  return new Set(Array.isArray(d) ? d : []);
}

export const listFavourites = (opts?: CallOptions) =>
  apiGet<FavouriteItem[]>('/api/favourites', opts).then((d) => (Array.isArray(d) ? d : []));
