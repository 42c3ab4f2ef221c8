import { getEntity } from '@portal/model';
import { useMemo, type ComponentType } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { EntityScreen } from '../app/entity-screens.ts';
import { screenPath } from '../app/screen-path.ts';
import { useT } from '../locales/i18n.ts';
import { STATION_USER } from '../pages/basicdata/StationProfilePage.tsx';
import { useSession } from '../session/store.ts';
import { DocumentPage } from './document/DocumentPage.tsx';
import { EntityFormPage } from './EntityFormPage.tsx';
import { EntityListPage } from './EntityListPage.tsx';

/**
 * The component of a generic screen declared in a route table (app/entity-screens.ts): the
 * entity's list, or its record screen to create, edit or view. Where records open, and where
 * "back" goes, come from the route table's other screens of the same entity.
 */
export function genericScreen(s: EntityScreen): ComponentType {
  const e = getEntity(s.entity);
  if (!e) throw new Error(`unknown entity ${s.entity}`);
  if (s.kind === 'list') {
    const create = screenPath(s.entity, 'create');
    const record = (id: string) => screenPath(s.entity, 'edit', id) ?? screenPath(s.entity, 'view', id) ?? '';
    const view = screenPath(s.entity, 'view', 'x') ? (id: string) => screenPath(s.entity, 'view', id)! : undefined;
    const o = s.list ?? {};
    return function GenericListScreen() {
      const t = useT();
      return (
        <EntityListPage
          entity={s.entity}
          routeBase=""
          title={o.title ? t(o.title) : undefined}
          views={o.views}
          paths={{ create, edit: record, view }}
          allowCreate={!!create}
          canWrite={o.readOnly ? false : undefined}
          allowImport={o.allowImport ?? !!create}
          allowDelete={o.allowDelete ?? true}
          viewTabs={o.viewTabs}
        />
      );
    };
  }
  const list = screenPath(s.entity, 'list') ?? '/servicehome';
  const form = s.form ?? {};
  const viewOnly = s.kind === 'view';
  const editPath = (newId: string) => screenPath(s.entity, 'edit', newId) ?? screenPath(s.entity, 'view', newId) ?? list;
  // A document (its life declared on the entity) opens on THE document page: commands, lines, approval
  // (a new one is the generic form, with the station defaults below, until saved).
  if (e.document && s.kind !== 'create') {
    return function GenericDocumentScreen() {
      const params = useParams();
      const [query] = useSearchParams();
      const id = form.idFromQuery ? (query.get('id') ?? undefined) : params.id;
      return (
        <DocumentPage
          key={id ?? 'new'}
          entity={s.entity}
          testIdPrefix={form.testIdPrefix ?? e.logicalName}
          backTo={list}
          editPath={editPath}
          allowDelete={form.allowDelete}
        />
      );
    };
  }
  return function GenericFormScreen() {
    const params = useParams();
    const [query] = useSearchParams();
    const id = s.kind === 'create' ? undefined : form.idFromQuery ? (query.get('id') ?? undefined) : params.id;
    const user = useSession((x) => x.user);
    // A station user's new record of a station-scoped entity belongs to their station.
    const stationField = e.scope.kind === 'station' && e.allFields[e.scope.field]?.type === 'lookup' ? e.scope.field : null;
    const own = !id && !!stationField && user.userType === STATION_USER && !!user.departId;
    const defaults = useMemo(
      () => (own ? { [stationField!]: { id: user.departId, name: user.departName } } : undefined),
      [own, user.departId, user.departName],
    );
    return (
      <EntityFormPage
        entity={s.entity}
        id={id}
        backTo={list}
        editPath={editPath}
        canWrite={viewOnly ? false : undefined}
        defaults={defaults}
        lockedFields={own ? [stationField!] : undefined}
        allowDelete={form.allowDelete ?? true}
      />
    );
  };
}
