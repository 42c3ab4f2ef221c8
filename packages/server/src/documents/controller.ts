import type { EntityDef, Lang, MessageKey } from '@portal/model';
import type { z } from 'zod';
import type { Sql } from '../db/db.ts';
import type { ApprovedHook, EndedHook, SubmitHook } from '../flow/hooks.ts';
import type { Caller } from '../records/scope.ts';
import type { WriteHooks } from '../records/write.ts';

/** What a command's business sees: the locked document (its state read under the lock) and the command's checked inputs. */
export interface CommandContext {
  sql: Sql;
  caller: Caller;
  entity: EntityDef;
  id: string;
  state: number;
  /**
   * The declared inputs the request gave, checked and normalised like a record write; the business
   * may settle them (a trimmed text, a default day): the kernel writes them after it.
   */
  inputs: Record<string, unknown>;
  /** The whole request body (lines, quantities: what a declared field cannot say). */
  body: Record<string, unknown>;
  lang: Lang;
}

/**
 * A command's business beyond the kernel's checks; it may answer its own message, the line it touched
 * and, when the command declares no `to`, the state the kernel moves the document to (it never writes the state itself).
 */
export type CommandHandler = (ctx: CommandContext) => Promise<void | {
  message?: MessageKey;
  messageParams?: Record<string, string | number>;
  lineId?: string;
  to?: number;
  /** A document the command made, for the page to open (the logical name and id). */
  opens?: { entity: string; id: string };
}>;

/**
 * The real business of one document (frappe's `.py` beside the DocType): a file beside the
 * document's domain code, registered in documents/controllers.ts. The kernel does the rest from the
 * declaration: number and initial state on create, lock, reach, state and privilege checks, the
 * conditional state change, idempotency and the derived routes.
 */
export interface DocumentController {
  entity: EntityDef;
  /** Defaults of new rows beyond the number and the initial status (one object per row). */
  defaults?: (sql: Sql, rows: readonly Record<string, unknown>[], caller: Caller, lang: Lang) => Promise<Record<string, unknown>[]>;
  /** Checks around record-service writes (records/write.ts). */
  write?: WriteHooks;
  /** The approval engine's moments: inside the submitting, finally approving, or unapproved-ending transaction. */
  flow?: { submit?: SubmitHook; approved?: ApprovedHook; ended?: EndedHook };
  /** Who may run a command beyond its declared privilege and party, asked before the document is read (head office only: 403 with its own text). */
  may?: Record<string, (caller: Caller) => void>;
  /**
   * A command's step before the document is locked and its state read (after the privilege and `may`):
   * what must be settled first for the state to be right (the contract stores "expired" on every
   * contract past its end: under the row lock the state read would be stale and the conditional update miss).
   */
  beforeLock?: Record<string, (ctx: Omit<CommandContext, 'id' | 'state' | 'inputs'>) => Promise<void>>;
  /** A command's step once the document has moved (its new state written): what needs that state (a contract's open orders take it once active). */
  afterMove?: Record<string, (ctx: CommandContext) => Promise<void>>;
  /** Server defaults and write checks of the document's line entities (by logical name), as `defaults`/`write` are the document's. */
  lines?: Record<string, { defaults?: DocumentController['defaults']; write?: WriteHooks }>;
  commands?: Record<string, CommandHandler>;
  /** What a command reads from the body beyond its declared inputs (notes, lines, quantities): shown in openapi.json only, the handler checks it. */
  bodies?: Record<string, z.ZodObject>;
}
