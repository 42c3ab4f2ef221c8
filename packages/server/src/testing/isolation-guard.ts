import { afterAll } from 'vitest';
import { documentControllers } from '../documents/controllers.ts';

/**
 * The server files share one module graph per worker (`isolate: false`): module state one file
 * leaves behind is what the next file starts with. A file that registers a fixture document
 * controller takes it out again (documents/kernel.test.ts); this fails the file that does not,
 * rather than a later file that happens to share its worker.
 */
const controllers = documentControllers().length;
afterAll(() => {
  const left = documentControllers().length - controllers;
  if (left) throw new Error(`this file left ${left} document controller(s) registered: take them out in its afterAll`);
});
