import { afterAll } from 'vitest';
import { closeChromium } from './browser.ts';

afterAll(closeChromium);
