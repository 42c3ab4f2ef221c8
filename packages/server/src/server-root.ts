import { resolve } from 'node:path';

/**
 * The server package's directory (`packages/server`). This file sits one level below it in
 * `src/`, and so does the bundle `npm run build` writes (`dist/main.mjs`, which inlines it): files
 * the server reads at run time are found from here, not relative to the module asking for them.
 */
export const SERVER_ROOT = resolve(import.meta.dirname, '..');
