import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a closed connection waits, reading nothing, before it is torn down. */
export const LINGER_MS = 2000;

/**
 * A refusal sent before the request body has fully arrived (an upload over its limit, a bad ticket,
 * a signed-out upload) closes the connection instead of keeping it alive: Node would otherwise read
 * and discard the rest of the body to reuse the connection — a 60 MB upload over its 3 MB limit was
 * answered only once all 60 MB had arrived. `Connection: close` tells the client; once the answer is
 * flushed the connection is half-closed and read no further, then destroyed (lingeringClose).
 */
export function closeUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    // `complete` is false only on a real connection whose body is still arriving (app.inject has none).
    if (reply.statusCode >= 400 && req.raw.complete === false) {
      reply.header('connection', 'close');
      lingeringClose(req.raw.socket);
    }
    return payload;
  });
}

/**
 * Node ends a `Connection: close` answer with `socket.destroySoon()`: the socket is destroyed as soon
 * as the answer is flushed. With unread bytes still arriving, the kernel then sends a reset, which
 * can reach the client before it has read the answer (it sees a network error, not the 413). So:
 * send the answer and a FIN, stop reading (the client's window fills and its upload stalls), and
 * destroy the socket LINGER_MS later (or earlier, when the client closes).
 */
function lingeringClose(socket: Socket): void {
  const stopReading = () => socket.pause();
  socket.destroySoon = () => {
    // Node resumes the socket to discard the body it no longer wants: keep it stopped.
    socket.on('resume', stopReading);
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
