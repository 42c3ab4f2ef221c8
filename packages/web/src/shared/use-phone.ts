import { Grid } from 'antd';

/** The phone breakpoint: antd's `md` (768 px). Below it the portal lays out for a phone. */
export const PHONE_QUERY = '(min-width: 768px)';

// The first render already knows the width (antd's hook only learns it in a layout effect, so a
// phone would otherwise paint the desktop shell once).
const firstScreens = () => (typeof window !== 'undefined' && window.matchMedia ? { md: window.matchMedia(PHONE_QUERY).matches } : {});

/** True on a phone-sized viewport (width < 768 px, antd `!screens.md`); desktop until known. */
export function usePhone(): boolean {
  const s = Grid.useBreakpoint(true, firstScreens());
  return s.md === false;
}
