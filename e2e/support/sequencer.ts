import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (longest first when a previous run's times are cached, else largest file first),
 * with the e2e walks through every menu screen (MENU_WALK_MS) put first: they are the suite's
 * longest files (the desktop walk ~5 min) but not its largest, so on a clean checkout, with no
 * times cached, the desktop walk started last and ran on alone for ~1.5 min (2026-11-28).
 */
export class WalksFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const walk = (f: TestSpecification) => f.project.name === 'e2e' && readFileSync(f.moduleId, 'utf8').includes('MENU_WALK_MS');
    return [...sorted.filter(walk), ...sorted.filter((f) => !walk(f))];
  }
}
