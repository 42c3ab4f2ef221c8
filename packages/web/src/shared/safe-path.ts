/**
 * A same-origin path we may navigate to after sign-in or SSO: it starts with one slash, and not
 * with "//" or "/\" (which browsers treat as another host). Anything else is refused so a crafted
 * link cannot bounce a freshly signed-in user to a foreign site.
 */
export function isSameOriginPath(value: string | null | undefined): value is string {
  if (value?.[0] !== '/') return false;
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  // Control characters can hide a scheme or a second slash from naive checks.
  return !/[\u0000-\u001f]/.test(value);
}
