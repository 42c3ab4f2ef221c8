/**
 * The link between a user account and its personnel record (systemuser.new_worker_id: the orders
 * dispatched to that record are the account's 我的工单). Set only by these commands (server
 * routes/worker-link.ts), never by the record API; the caller holds user.manage (administrators)
 * or worker.write (a station's principal), and both rows are in the caller's reach:
 * POST {WORKER_LINK_API}/link {userId, workerId} — the user must belong to the record's station;
 *   a record is linked to one user at most (another user's link is refused, naming that user);
 * POST {WORKER_LINK_API}/unlink {userId};
 * GET {WORKER_LINK_API}/candidates?userId=… or ?workerId=… — what the link dialog offers: the other
 *   side's rows of the same station, each with what it is linked to now.
 * Commands answer `{ id: userId, message }`.
 */
export const WORKER_LINK_API = '/api/worker-links';

export interface WorkerLinkRequest {
  userId: string;
  workerId?: string;
}

/** A user (name = full name, code = username) or a personnel record (name, code = 工号), and what it is linked to now. */
export interface WorkerLinkParty {
  id: string;
  name: string;
  code: string;
  linkedId: string | null;
  linkedName: string | null;
}

export interface WorkerLinkCandidates {
  /** The row the dialog was opened on. */
  self: WorkerLinkParty;
  /** Rows of the other side, of the same station. */
  options: WorkerLinkParty[];
}
