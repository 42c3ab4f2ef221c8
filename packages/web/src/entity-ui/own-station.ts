import type { EntityDef, LookupField } from '@portal/model';
import { useMemo } from 'react';
import { useSession } from '../session/store.ts';
import { STATION_USER } from '../session/user-type.ts';

export interface OwnStation {
  field: string;
  value: { id: string; name: string };
}

/**
 * A station user's own station on a station-scoped record: preset on a new record and never
 * editable, on every generic form (the server defaults it the same way and refuses another station).
 */
export function useOwnStation(e: EntityDef): OwnStation | null {
  const user = useSession((s) => s.user);
  const field = e.scope.kind === 'station' ? e.scope.field : undefined;
  const target = field ? (e.allFields[field] as LookupField | undefined)?.target : undefined;
  const own = user.userType === STATION_USER && !!user.departId && target === 'new_srv_station';
  return useMemo(
    () => (own && field ? { field, value: { id: user.departId, name: user.departName } } : null),
    [own, field, user.departId, user.departName],
  );
}
