import { documentStatus, msg, type EntityDef, type Lang } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { notFound, refuse } from '../http/errors.ts';
import type { Caller } from '../records/scope.ts';
import { q } from '../records/sql.ts';
import { checkValue } from '../records/validate.ts';
import { ValidationFailed } from '../records/write.ts';
import { assertMay, assertParty, lockDocument } from './access.ts';
import type { DocumentController } from './controller.ts';
import type { CommandResult } from './result.ts';
import { refreshTotals } from './totals.ts';

/** The declared inputs a request gave, checked and normalised as the record service would (blank = null). */
function commandInputs(e: EntityDef, names: readonly string[], body: Record<string, unknown>, lang: Lang): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const errors: { field: string; message: string }[] = [];
  for (const n of names) {
    if (!Object.hasOwn(body, n)) continue;
    const v = body[n];
    if (v === null || v === '') {
      out[n] = null;
      continue;
    }
    const r = checkValue(e.allFields[n], v, lang);
    if ('key' in r) errors.push({ field: n, message: msg(r.key, lang, { field: e.allFields[n].label[lang], ...r.params }) });
    else out[n] = r.value;
  }
  if (errors.length) throw new ValidationFailed(errors, lang);
  return out;
}

/**
 * Runs a declared command of a document, in the caller's transaction: the caller's privilege, the
 * document locked in the caller's reach (FOR UPDATE; 404 outside it), the party the command acts
 * for, the state it starts from, the controller's business, then one conditional update that
 * writes the inputs and the new state only where the state is still the one read. A refusal
 * changes nothing (the transaction rolls back). Idempotency is the route's (commandRoute).
 */
export async function runCommand(
  sql: Sql, caller: Caller, ctrl: DocumentController, name: string, rawId: string, body: Record<string, unknown>, lang: Lang,
): Promise<CommandResult> {
  const e = ctrl.entity;
  const c = e.document?.commands?.[name];
  const status = documentStatus(e);
  if (!c || !status) throw notFound();
  assertMay(caller, c.privilege);
  const columns = [`t.${q(status.field)} AS state`, ...(c.party ? [`t.${q(c.party)} AS party`] : [])].join(', ');
  const row = await lockDocument<{ state: number | null; party?: string | null }>(sql, caller, e, rawId, columns);
  if (c.party) assertParty(caller, row.party);
  const state = row.state === null ? (status.initial ?? status.editable[0]) : Number(row.state);
  if (!c.from.includes(state)) {
    const shown = status.set.options.find((o) => o.value === state)?.label[lang] ?? String(state);
    throw refuse('documents.commandState', { state: shown, command: msg(c.label, lang) });
  }
  const inputs = commandInputs(e, c.inputs ?? [], body, lang);
  const out = (await ctrl.commands?.[name]?.({ sql, caller, entity: e, id: row.id, state, inputs, body, lang })) ?? undefined;

  const set = Object.keys(inputs).map((n, i) => `${q(n)} = $${i + 4}`);
  if (c.to !== undefined) set.push(`${q(status.field)} = $3`);
  const { rowCount } = await sql.query(
    `UPDATE ${q(e.logicalName)} SET ${[...set, 'modifiedon = now()', 'modifiedby = $2::uuid'].join(', ')}
      WHERE ${q(e.primaryKey)} = $1::uuid AND ${q(status.field)} IS NOT DISTINCT FROM ${row.state === null ? 'NULL' : `${Number(row.state)}`}`,
    [row.id, caller.principal.userId, c.to ?? null, ...Object.values(inputs)],
  );
  // Only the controller's own business can have moved the state under the lock: its command is then not this one.
  if (!rowCount) throw refuse('documents.commandState', { state: String(state), command: msg(c.label, lang) });
  await refreshTotals(sql, e, row.id);
  return {
    id: row.id,
    state: c.to ?? state,
    message: out?.message ? msg(out.message, lang) : msg('documents.commandDone', lang, { command: msg(c.label, lang) }),
    ...(out?.lineId ? { lineId: out.lineId } : {}),
  };
}
