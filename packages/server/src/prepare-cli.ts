/**
 * Brings the database up to the model and seeds it (the demo on the embedded database), then exits.
 * `npm start` runs this beside the web build, so a first start waits for the longer of the two, not both.
 */
import { prepareDatabase } from './boot.ts';
import { loadConfig } from './config.ts';

await prepareDatabase(loadConfig());
