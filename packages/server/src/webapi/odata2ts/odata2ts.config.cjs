// odata2ts's settings for the typed client generated from the Web API's $metadata
// (metadata-odata2ts.test.ts; docs/integration.md "$metadata and typed clients"). The test fetches
// the live document with a bearer token into a temporary folder and names it and the output folder
// in ODATA2TS_SOURCE / ODATA2TS_OUTPUT: generated code never lands in the source tree.
const { Modes, EmitModes } = require('@odata2ts/odata2ts');

const { ODATA2TS_SOURCE, ODATA2TS_OUTPUT } = process.env;
if (!ODATA2TS_SOURCE || !ODATA2TS_OUTPUT) throw new Error('set ODATA2TS_SOURCE (the saved $metadata) and ODATA2TS_OUTPUT (a folder outside the source tree)');

module.exports = {
  // Models, query objects and the service: what a client needs to list, retrieve and call actions.
  mode: Modes.service,
  // TypeScript sources, compiled by the test's own tsc (odata2ts's own compile step is slower).
  emitMode: EmitModes.ts,
  // The compiler options odata2ts reads (it refuses to run without a tsconfig).
  tsconfig: `${__dirname}/tsconfig.json`,
  // Without the per-property doc comments the generated files are a third of the size.
  skipComments: true,
  prettier: false,
  services: {
    crm: {
      source: ODATA2TS_SOURCE,
      output: ODATA2TS_OUTPUT,
      serviceName: 'Crm',
    },
  },
};
