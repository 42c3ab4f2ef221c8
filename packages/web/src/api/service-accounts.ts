import {
  SERVICE_ACCOUNT_API,
  type ServiceAccountDetail,
  type ServiceAccountInput,
  type ServiceAccountOptions,
  type ServiceAccountResult,
} from '@portal/model';
import { apiGet } from './client.ts';
import { commandCall } from './command.ts';

/** The service account commands (model service-account-api.ts). Silent: the screen shows refusals in place. */
const at = (id: string, what: string) => `${SERVICE_ACCOUNT_API}/${encodeURIComponent(id)}/${what}`;

async function run(path: string, body?: ServiceAccountInput): Promise<ServiceAccountResult> {
  const { data, message } = await commandCall<ServiceAccountResult>(path, body);
  return {
    id: String(data.id ?? ''),
    clientId: String(data.clientId ?? ''),
    ...(data.clientSecret ? { clientSecret: String(data.clientSecret) } : {}),
    message,
  };
}

export const serviceAccountOptions = () => apiGet<ServiceAccountOptions>(`${SERVICE_ACCOUNT_API}/options`, { silent: true });
export const serviceAccountDetail = (id: string) =>
  apiGet<ServiceAccountDetail>(`${SERVICE_ACCOUNT_API}/${encodeURIComponent(id)}`, { silent: true });
export const createServiceAccount = (input: ServiceAccountInput) => run(SERVICE_ACCOUNT_API, input);
export const changeServiceAccount = (id: string, input: ServiceAccountInput) =>
  run(`${SERVICE_ACCOUNT_API}/${encodeURIComponent(id)}`, input);
export const rotateServiceAccountSecret = (id: string) => run(at(id, 'rotate'));
export const setServiceAccountEnabled = (id: string, enabled: boolean) => run(at(id, enabled ? 'enable' : 'disable'));
