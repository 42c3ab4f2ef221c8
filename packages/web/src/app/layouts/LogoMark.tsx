/** The portal's mark (the favicon's shape), decorative. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="#1668dc" />
      <path d="M9 22V10h3v4.6h8V10h3v12h-3v-4.8h-8V22z" fill="#fff" />
    </svg>
  );
}
