import { defineConfig } from 'vitest/config';
import { WalksFirstSequencer } from './e2e/support/sequencer.ts';

// Every server suite runs on PostgreSQL (test:pg). On the embedded database only what differs
// there is proven again: the one serialised connection under concurrent postings (the stock and
// quota ledgers), the record service's SQL, sign-in and tokens, the configuration, the cluster and
// the demo seeding. Each document's commands are not run twice: the e2e suite drives every document
// flow on PGlite anyway (2026-11-25: 11 suites, ~65 s of the unit stage's wall time, moved out).
const EMBEDDED_SERVER_SUITES = [
  'src/domain/stock/ledger.test.ts',
  'src/domain/quota/ledger.test.ts',
  'src/records/records.test.ts',
  // The sales side's flow (issue 27: order, shipment, sign-for, reissue, prices) on the embedded database too.
  'src/domain/sales/sales.test.ts',
  'src/records/quick-search.test.ts',
  // Issue 28's ledgers on the one serialised connection: the dealer account, credit under its lock,
  // the rebate ledger and its run, fund claims under the application's lock, statements generated set-based.
  'src/domain/credit/credit.test.ts',
  'src/domain/account-statement/statements.test.ts',
  'src/domain/rebates/rebates.test.ts',
  'src/domain/marketing-funds/marketing-funds.test.ts',
  'src/domain/dealer-account/ledger.test.ts',
  // The product configurator (issue 29): save checked by the rule engine, signed links, the anonymous save limit.
  'src/domain/configurator/configurator.test.ts',
  // Issue 29: a quote's transitions, revisions and conversion into an order (its prices kept at submit).
  'src/domain/quotes/quotes.test.ts',
  // Issue 29: qualifying and disqualifying leads, collaborators' access, closing opportunities.
  'src/domain/leads/leads.test.ts',
  // Issue 29: sales contracts — plans against the amount, overdue read from the date, receipts settling plans under the contract's lock.
  'src/domain/sales-contracts/sales-contracts.test.ts',
  'src/auth/token.test.ts',
  'src/domain/work-order/demo-orders.test.ts',
  'src/config.test.ts',
  'src/cluster.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the suites are CPU-bound and independent.
    maxWorkers: 2,
    sequence: { sequencer: WalksFirstSequencer },
    // React work that antd scheduled in a root of its own may still run after a file's jsdom window
    // is torn down; it fails only because the window is gone, after every test of the file passed.
    // Likewise a popup root of an earlier file (the web files share one window) that React unmounts
    // after cleanup() emptied the body: removing its node finds it gone (seen under load, in about
    // one full web run of three on 2026-11-29). jsdom's DOMException reaches this handler without
    // stack frames, so a frameless one counts as React's too: the DOM calls of the code under test
    // are React's.
    onUnhandledError(error) {
      const afterTeardown = error.name === 'ReferenceError' && /^(window|document) is not defined$/.test(error.message);
      const alreadyRemoved = error.name === 'NotFoundError' && /node to be removed is not a child/.test(error.message);
      const fromReact = /react-dom|scheduler/.test(error.stack ?? '') || !/\n\s+at /.test(error.stack ?? '');
      if ((afterTeardown || alreadyRemoved) && fromReact) return false;
    },
    projects: [
      { test: { name: 'model', root: 'packages/model', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // `npm test` runs every server suite on PostgreSQL (test:pg, where suites needing several
          // app instances on one server, *.pg.test.ts, also run). On the embedded database (PGlite
          // is ~2× slower) it runs the suites that prove what differs there — one serialised
          // connection under concurrent postings and approvals, the parts and stock commands, the
          // record service's SQL, sign-in and the demo seeding — besides the e2e suite, whose every
          // flow runs on PGlite.
          include: process.env.DATABASE_URL ? ['src/**/*.test.ts'] : EMBEDDED_SERVER_SUITES,
          exclude: process.env.DATABASE_URL ? ['**/node_modules/**'] : ['**/node_modules/**', 'src/**/*.pg.test.ts'],
          pool: 'forks',
          // One module graph per worker, not per file: importing the server's graph was ~28 % of a
          // PostgreSQL run's file time. Module state a file leaves is what the next one starts with:
          // the audit and the guard are in testing/isolation-guard.ts and docs/decisions.md.
          isolate: false,
          setupFiles: ['src/testing/isolation-guard.ts'],
          // Each test portal's database is a copy of one seeded once per run (testing/test-template.ts).
          globalSetup: ['src/testing/test-template.ts'],
        },
      },
      './packages/web/vitest.config.ts',
      // Spec files run two at a time (each its own portal on a copy of the seeded data, its own
      // Chromium): 8.5 min instead of 12 on 2 cores, measured 2026-11-25.
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['specs/**/*.test.ts'],
          globalSetup: ['support/global-setup.ts'],
          setupFiles: ['support/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // One process per worker, not per file: a file's own portal, Chromium and data as before
          // (support/ keeps nothing else between files), without a new Node process importing
          // playwright-core and the page objects for each of the ~46 files.
          isolate: false,
        },
      },
    ],
  },
});
