import type { FastifyInstance } from 'fastify';

/**
 * A refusal sent before the request body has fully arrived (an upload over its limit, a bad ticket,
 * a signed-out upload) closes the connection instead of keeping it alive: Node would otherwise read
 * and discard the rest of the body to reuse the connection — a 60 MB upload over its 3 MB limit was
 * answered only once all 60 MB had arrived. `Connection: close` tells the client, and the socket is
 * destroyed as soon as the answer is flushed, so nothing more is read.
 */
export function closeUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    // `complete` is false only on a real connection whose body is still arriving (app.inject has none).
    if (reply.statusCode >= 400 && req.raw.complete === false) {
      reply.header('connection', 'close');
      const socket = req.raw.socket;
      reply.raw.once('finish', () => socket.destroy());
    }
    return payload;
  });
}
