import { useSession } from '../session/store.ts';
import { holdsAll } from './menu.ts';
import { MODEL_ROUTES } from './model-routes.ts';
import type { RouteDef } from './routes.ts';
import type { ScreenKind } from './entity-screens.ts';

/**
 * The path of an entity's screen of a kind, from the screens the entities declare in the model
 * (generic ones, and specific pages that stand for the screen); it imports no page, so pages may
 * ask it where their siblings live. Where several routes stand for the
 * same screen (a delivery opens for the warehouse at /partsDispatch/edit and for the receiver at
 * /partsSign/edit), the first the signed-in user may open wins. A record screen gets the id put in
 * (`:id` in the path, or `?id=` for screens that read it from the query). Undefined when the app
 * has no such screen.
 */
export function screenPath(entity: string, kind: ScreenKind, id?: string, routes: RouteDef[] = MODEL_ROUTES): string | undefined {
  // An edit screen that reads its id from the query also creates (no id): /stationPart/edit.
  const matches = routes.filter(
    (x) =>
      x.screen?.entity === entity &&
      (x.screen.kind === kind || (kind === 'create' && x.screen.kind === 'edit' && x.screen.form?.idFromQuery)),
  );
  const ofKind = matches.filter((x) => x.screen!.kind === kind);
  const held = useSession.getState().user.privilege;
  const r = ofKind.find((x) => holdsAll(held, x.permissions)) ?? ofKind[0] ?? matches[0];
  if (!r) return undefined;
  if (id === undefined) return r.path;
  if (r.screen?.form?.idFromQuery) return `${r.path}?id=${encodeURIComponent(id)}`;
  return r.path.replace(/:id\b/, encodeURIComponent(id));
}
