import { act } from '@testing-library/react';

/**
 * Sets the test window's width (setup.ts answers width media queries against it) and tells the
 * listeners, as a phone would: `setWidth(390)` for a phone; setup.ts puts 1024 back after each test.
 */
export function setWidth(px: number): void {
  act(() => {
    (window as { innerWidth: number }).innerWidth = px;
    window.dispatchEvent(new Event('resize'));
  });
}
