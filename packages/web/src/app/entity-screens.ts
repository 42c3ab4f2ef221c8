import { getEntity, type MessageKey, type Privilege } from '@portal/model';
import type { RouteDef } from './routes.ts';

/**
 * Generic screens as route data: a list, create, edit or view screen of an entity costs one line
 * of a route table — `{ name, path, ...screen.list('new_srv_siteinv') }` — and its permissions
 * follow the entity's access (read for lists and views, write for create and edit). The screens
 * find each other through the route table (`screenPath`), so a list knows where its records open.
 */
export type ScreenKind = 'list' | 'create' | 'edit' | 'view';

export interface ListScreenOptions {
  /** Views offered (default: all of the entity's). */
  views?: string[];
  /** Title as a message key (default: the entity's plural label). */
  title?: MessageKey;
  allowImport?: boolean;
  allowDelete?: boolean;
  /** Read-only list even for writers (records written by business commands). */
  readOnly?: boolean;
}

export interface FormScreenOptions {
  /** The record id comes from the `id` query parameter instead of the path (`/stationPart/edit?id=`). */
  idFromQuery?: boolean;
  allowDelete?: boolean;
}

export interface EntityScreen {
  entity: string;
  kind: ScreenKind;
  /** Made by `screen.*` (the generic components); specific pages that stand for the screen leave it out. */
  generic?: true;
  list?: ListScreenOptions;
  form?: FormScreenOptions;
}

type ScreenRoute = Pick<RouteDef, 'layout' | 'permissions' | 'screen'>;

function access(entity: string): { read: Privilege; write?: Privilege } {
  const e = getEntity(entity);
  if (!e?.access) throw new Error(`${entity} is not served to the web app`);
  return e.access;
}

function route(s: EntityScreen, privilege: Privilege): ScreenRoute {
  return { layout: 'shell', permissions: [privilege], screen: { ...s, generic: true } };
}

export const screen = {
  list: (entity: string, list?: ListScreenOptions) => route({ entity, kind: 'list', list }, access(entity).read),
  view: (entity: string, form?: FormScreenOptions) => route({ entity, kind: 'view', form }, access(entity).read),
  /** Edit opens for readers too (read-only); only writers may save. */
  edit: (entity: string, form?: FormScreenOptions) => route({ entity, kind: 'edit', form }, access(entity).read),
  create: (entity: string, form?: FormScreenOptions) => {
    const w = access(entity).write;
    if (!w) throw new Error(`${entity} has no write privilege`);
    return route({ entity, kind: 'create', form }, w);
  },
};
