import { getEntity, type EntityDef } from '@portal/model';
import { call, type CallOptions } from './client.ts';

/**
 * What a command answers (the server's CommandResult): the document, its state after a kernel
 * command, the line it touched, and the message to show. A refusal rejects with an ApiError
 * carrying the server's text in the user's language and the field it names (`error.field`).
 */
export interface CommandAnswer {
  id: string;
  message: string;
  state?: number;
  lineId?: string;
  /** A document the command made (its logical name and id): the page opens it. */
  opens?: { entity: string; id: string };
}

type Method = 'POST' | 'PATCH' | 'DELETE';

/** One command call: the envelope's Data (may be null) and its message. Silent: screens show refusals in place. */
export async function commandCall<D extends object = Record<string, unknown>>(
  path: string,
  body?: unknown,
  opts: CallOptions & { method?: Method } = {},
): Promise<{ data: Partial<D>; message: string }> {
  const { method = 'POST', ...rest } = opts;
  const env = await call<Partial<D> | null>(path, { silent: true, ...rest, method, json: body ?? {} });
  const data = (env.Data && typeof env.Data === 'object' ? env.Data : {}) as Partial<D>;
  const message = String((data as { message?: unknown }).message || env.Message || '');
  return { data, message };
}

/** A command at a spec-named path (the areas' own routes): the `{ id, message, state?, lineId? }` it answers. */
export async function sendCommand(path: string, body?: unknown, opts: CallOptions & { method?: Method } = {}): Promise<CommandAnswer> {
  const { data, message } = await commandCall<CommandAnswer>(path, body, opts);
  return {
    id: String(data.id ?? ''),
    message,
    ...(data.state != null ? { state: Number(data.state) } : {}),
    ...(data.lineId ? { lineId: String(data.lineId) } : {}),
    ...(data.opens ? { opens: data.opens } : {}),
  };
}

/**
 * Where a declared document command is served: its spec-named `path` when it keeps one (served by
 * the kernel as an alias, or by the area's routes until the document has its controller), else the
 * kernel's derived `/api/documents/<entitySet>/:id/<command>`.
 */
export function commandUrl(entity: string | EntityDef, id: string, command: string): string {
  const e = typeof entity === 'string' ? getEntity(entity) : entity;
  const entityName = typeof entity === 'string' ? entity : entity.logicalName;
  const c = e?.document?.commands?.[command];
  if (!e || !c) throw new Error(`${entityName} declares no command ${command}`);
  const seg = encodeURIComponent(id);
  return c.path ? `/api${c.path.replace(':id', seg)}` : `/api/documents/${e.entitySet}/${seg}/${command}`;
}

/** Runs a command the entity's document declares, with the values of its inputs (and any business body). */
export const runCommand = (
  entityName: string | EntityDef,
  id: string,
  command: string,
  input: Record<string, unknown> = {},
  opts: Omit<CallOptions, 'method'> = {},
) => sendCommand(commandUrl(entityName, id, command), input, opts);
