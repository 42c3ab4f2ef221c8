// s3rver ships no types: the part of its API the tests use (testing/s3-server.ts).
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export interface S3rverOptions {
    silent?: boolean;
    directory: string;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** The request handler (s3rver is a Koa app). */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
