import { installExcellentCase } from './excellent-case.ts';
import { installServiceCase } from './service-case.ts';

/** Customer cases and excellent repair cases: numbers, states, write rules and the publishing approval hook. */
export function installCases(): void {
  installServiceCase();
  installExcellentCase();
}
