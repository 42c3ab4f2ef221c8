import { prepareTemplate } from './prepared-template.ts';

// `npm test` runs this right after the build, beside the unit suites (see prepared-template.ts).
const started = Date.now();
await prepareTemplate();
console.log(`e2e template seeded and signed in (${((Date.now() - started) / 1000).toFixed(1)} s)`);
