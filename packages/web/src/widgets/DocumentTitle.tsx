import { Space } from 'antd';
import { useContext, type ReactNode } from 'react';
import { UNSAFE_RouteContext as RouteContext, useParams, useSearchParams } from 'react-router';
import type { EntityScreen } from '../app/entity-screens.ts';
import { FavouriteStar } from './FavouriteStar.tsx';

/** The record a record screen shows: its route's entity screen (edit or view) and the id it opened with. */
export function useScreenRecord(): { entity: string; id: string } | undefined {
  const { matches } = useContext(RouteContext);
  const params = useParams();
  const [query] = useSearchParams();
  const screen = (matches[matches.length - 1]?.route.handle as { screen?: EntityScreen } | undefined)?.screen;
  if (!screen || (screen.kind !== 'edit' && screen.kind !== 'view')) return undefined;
  const id = screen.form?.idFromQuery ? query.get('id') : params.id;
  return id ? { entity: screen.entity, id } : undefined;
}

/**
 * A document screen's heading: what it is, then its tags (state, closed …), and the favourite star
 * (收藏) of the record the screen shows (from its route's entity screen, or `favourite`; `false`
 * for none). The number rides along as data-number for the screen's tests.
 */
export function DocumentTitle({
  testId,
  label,
  number,
  children,
  favourite,
}: {
  testId: string;
  label: string;
  number: unknown;
  children?: ReactNode;
  favourite?: { entity: string; id: string } | false;
}) {
  const fromRoute = useScreenRecord();
  const record = favourite === false ? undefined : (favourite ?? fromRoute);
  return (
    <Space size={8} wrap data-testid={testId} data-number={number == null ? '' : String(number)}>
      <span>{label}</span>
      {children}
      {record && <FavouriteStar entity={record.entity} id={record.id} />}
    </Space>
  );
}
