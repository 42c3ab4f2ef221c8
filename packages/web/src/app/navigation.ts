/**
 * Lets code outside React (the API client after a 409 or a failed refresh) move the user. The
 * router registers itself at start; until then the calls are no-ops.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: Navigate | null = null;
let currentPath: () => string = () => `${location.pathname}${location.search}`;
let publicScreen: (path: string) => boolean = () => false;

/** `isPublic`: whether a path's screen needs no sign-in (the portal asks its route table). */
export function bindNavigation(fn: Navigate, getCurrent?: () => string, isPublic?: (path: string) => boolean): void {
  navigateFn = fn;
  if (getCurrent) currentPath = getCurrent;
  if (isPublic) publicScreen = isPublic;
}

/** Whether the screen at `path` needs no sign-in (false until a route table is bound). */
export const isPublicScreen = (path: string): boolean => publicScreen(path);

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigateFn?.(to, opts);
}

/**
 * Navigates to where the user already is, so the guards run again with the current session: after
 * the session ends, a protected screen is replaced by sign-in (with a redirect back to it).
 */
export function reapplyGuards(): void {
  navigateFn?.(currentPath(), { replace: true });
}

/** The router's current path and query (the API client asks where a lost session leaves the user). */
export const currentLocation = (): string => currentPath();
