import { PARTS_RETURN_API, type OwedOldPart, type PickOwedRequest } from '@portal/model';
import { call } from './client.ts';
import { sendCommand } from './command.ts';

/**
 * Old parts back to factory (旧件返厂, model `parts-return-api.ts`): what the station still owes and
 * its line calls (the document's commands run through its declaration). Silent calls: the screens
 * show the server's messages themselves.
 */
const seg = encodeURIComponent;

const command = (path: string, method: 'POST' | 'PATCH' | 'DELETE', body: unknown) =>
  sendCommand(`${PARTS_RETURN_API}${path}`, body, { method });

export const owedOldParts = async (): Promise<OwedOldPart[]> =>
  ((await call<OwedOldPart[]>(`${PARTS_RETURN_API}/owed`, { silent: true, method: 'GET' })).Data ?? []) as OwedOldPart[];
export const pickOwed = (id: string, body: PickOwedRequest) => command(`/${seg(id)}/pick`, 'POST', body);
export const deleteReturnLine = (id: string, lineId: string) => command(`/${seg(id)}/lines/${seg(lineId)}`, 'DELETE', undefined);
