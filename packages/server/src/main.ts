import { boot } from './boot.ts';
import { loadConfig } from './config.ts';

const cfg = loadConfig();
const portal = await boot(cfg);
await portal.app.listen({ port: cfg.port, host: cfg.host });
portal.app.log.info(`portal listening on http://localhost:${cfg.port} (${portal.db.kind} database${cfg.testMode ? ', TEST MODE' : ''})`);

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    await portal.close().catch(() => undefined);
    process.exit(0);
  });
}
