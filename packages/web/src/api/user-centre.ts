import { USER_CENTRE_API, type StaffDetail, type StaffInput, type StaffOptions, type StaffPassword } from '@portal/model';
import { apiGet } from './client.ts';
import { commandCall, sendCommand } from './command.ts';

/**
 * The dealer's staff calls (model user-centre-api.ts). Silent: the screens show refusals in place
 * (the create form marks the fields the server names).
 */
const base = `${USER_CENTRE_API}/staff`;

export const staffOptions = () => apiGet<StaffOptions>(`${base}/options`, { silent: true });
export const staffDetail = (id: string) => apiGet<StaffDetail>(`${base}/${encodeURIComponent(id)}`, { silent: true });

async function withPassword(path: string, body?: StaffInput): Promise<StaffPassword> {
  const { data, message } = await commandCall<StaffPassword>(path, body);
  return { id: String(data.id ?? ''), userName: String(data.userName ?? ''), password: String(data.password ?? ''), message };
}

export const createStaff = (input: StaffInput) => withPassword(base, input);
export const resetStaffPassword = (id: string) => withPassword(`${base}/${encodeURIComponent(id)}/password`);
export const changeStaff = (id: string, input: StaffInput) => sendCommand(`${base}/${encodeURIComponent(id)}`, input);
export const setStaffDisabled = (id: string, disabled: boolean) =>
  sendCommand(`${base}/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`);
