import { create } from 'zustand';

/**
 * A new version is announced, not forced: when a newer service worker has installed and waits, the
 * page learns of it here (the store below, shown by <UpdateNotice>), and only the user's tap hands
 * over to it (SKIP_WAITING) and reloads. The browser's objects are reached through these small
 * interfaces so the logic runs against fakes in tests.
 */

// What the worker listens for (strategy.ts SKIP_WAITING). Not imported from there: the app and the
// worker share no module, or the build would put it in a chunk sw.js had to import.
const SKIP_WAITING = 'SKIP_WAITING';

export interface WorkerLike {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}

export interface RegistrationLike {
  readonly waiting: WorkerLike | null;
  readonly installing: WorkerLike | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

export interface ContainerLike {
  /** The worker controlling this page; none on the very first visit. */
  readonly controller: unknown;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

/**
 * Calls `onWaiting` once for each new version that is ready and waiting: one found waiting at start
 * (installed while the app was closed or in another tab) and one that finishes installing later. The
 * first worker of a page (no controller yet) is no update: it takes over by itself.
 */
export function watchForUpdate(reg: RegistrationLike, container: ContainerLike, onWaiting: (w: WorkerLike) => void): void {
  if (reg.waiting && container.controller) onWaiting(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const w = reg.installing;
    if (!w) return;
    w.addEventListener('statechange', () => {
      if (w.state === 'installed' && container.controller) onWaiting(w);
    });
  });
}

/** The user's tap: the waiting worker takes over, then the page reloads on it (once). */
export function acceptUpdate(worker: WorkerLike, container: ContainerLike, reload: () => void): void {
  let reloaded = false;
  container.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  });
  worker.postMessage({ type: SKIP_WAITING });
}

interface UpdateState {
  /** Hands over to the waiting version and reloads; null while there is none. */
  accept: (() => void) | null;
}

export const useUpdateState = create<UpdateState>()(() => ({ accept: null }));

/** Wires a registration to the store the notice reads. */
export function announceUpdates(reg: RegistrationLike, container: ContainerLike, reload: () => void): void {
  watchForUpdate(reg, container, (w) => useUpdateState.setState({ accept: () => acceptUpdate(w, container, reload) }));
}

/** The waiting version's accept action, or null: what the notice shows and calls. */
export const useUpdateAvailable = () => useUpdateState((s) => s.accept);
