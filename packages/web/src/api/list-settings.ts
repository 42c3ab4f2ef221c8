import type { ListSettings } from '../entity-ui/column-settings.ts';
import { call } from './client.ts';

/*
 * The signed-in user's list settings on the server (routes/list-settings.ts). Failures are silent:
 * the browser's copy still applies and the next save tries again.
 */
const PATH = '/api/portaluser/listsettings';

export const loadListSettings = async (screen: string): Promise<ListSettings | null> =>
  (await call<ListSettings | null>(PATH, { query: { screen }, silent: true })).Data ?? null;

export const saveListSettings = async (screen: string, settings: ListSettings): Promise<void> => {
  await call(PATH, { method: 'PUT', json: { screen, settings }, silent: true });
};

export const forgetListSettings = async (screen: string): Promise<void> => {
  await call(PATH, { method: 'DELETE', query: { screen }, silent: true });
};
