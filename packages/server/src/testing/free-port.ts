import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for servers that tests and benchmarks start). */
export const freePort = () =>
  new Promise<number>((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
