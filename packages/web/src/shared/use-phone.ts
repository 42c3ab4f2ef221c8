import { Grid } from 'antd';

/** The phone breakpoint: antd's `md` (768 px). Below it the portal lays out for a phone. */
export const PHONE_QUERY = '(min-width: 768px)';

/** True on a phone-sized viewport (width < 768 px, antd `!screens.md`). */
export function usePhone(): boolean {
  const s = Grid.useBreakpoint();
  // antd learns the width in a layout effect; the first render asks the media query itself, so a
  // phone never paints the desktop shell once.
  if (s.md === undefined) return typeof window !== 'undefined' && !!window.matchMedia && !window.matchMedia(PHONE_QUERY).matches;
  return s.md === false;
}

/** A tablet held portrait, or a narrow window: 768–991 px (antd `md` but not `lg`). */
export const NARROW_QUERY = '(min-width: 992px)';

/**
 * True from 768 to 991 px. The side navigation starts folded there, leaving the content ~700 px
 * (a station's counter tablet held portrait, issue 25).
 */
export function useNarrow(): boolean {
  const s = Grid.useBreakpoint();
  if (s.lg === undefined)
    return (
      typeof window !== 'undefined' &&
      !!window.matchMedia &&
      !window.matchMedia(NARROW_QUERY).matches &&
      window.matchMedia(PHONE_QUERY).matches
    );
  return s.lg === false && s.md === true;
}
