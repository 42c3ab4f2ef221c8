import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState, type MouseEvent } from 'react';
import { favouriteIds, toggleFavourite } from '../api/favourites.ts';
import { toast } from '../app/feedback.ts';
import { currentLocation } from '../app/navigation.ts';
import { useT } from '../locales/i18n.ts';
import { useSession } from '../session/store.ts';
import { askSignIn } from './sign-in-ask.ts';

export interface FavouriteStarProps {
  /** Logical name of the record's entity (product, new_srv_workorder, …). */
  entity: string;
  id: string;
  /** Known state (a card grid asks for all its cards at once); without it the star asks for itself. */
  initial?: boolean;
  onChange?: (on: boolean) => void;
}

/**
 * The favourite star (收藏) of a product card, a product's details or a document's heading. Signed
 * out, it asks the visitor to sign in and brings them back here afterwards.
 */
export function FavouriteStar({ entity, id, initial, onChange }: FavouriteStarProps) {
  const t = useT();
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const [on, setOn] = useState<boolean>(!!initial);
  const [busy, setBusy] = useState(false);

  useEffect(() => setOn(!!initial), [initial]);
  useEffect(() => {
    if (!loggedIn || initial !== undefined || !id) return;
    let live = true;
    favouriteIds(entity, [id], { silent: true })
      .then((s) => live && setOn(s.has(id)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [loggedIn, entity, id, initial]);

  const click = async (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!loggedIn) {
      askSignIn(t, 'favourite', currentLocation());
      return;
    }
    setBusy(true);
    try {
      const r = await toggleFavourite(entity, id, !on);
      setOn(r.favourite);
      onChange?.(r.favourite);
      if (r.message) toast.success(r.message);
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  const text = on ? t('favourite.remove') : t('favourite.add');
  return (
    <Tooltip title={text}>
      <Button
        type="text"
        size="small"
        data-testid="favourite-star"
        data-on={loggedIn && on ? 'true' : 'false'}
        aria-pressed={loggedIn && on}
        aria-label={text}
        loading={busy}
        icon={loggedIn && on ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={click}
      />
    </Tooltip>
  );
}
