import type { RouteDef } from './routes.ts';

/** The message centre (spec 001 §2 /message/message, kept): every signed-in user's own messages; the header bell opens it. */
export const MESSAGE_ROUTES: RouteDef[] = [
  { name: 'messageCentre', path: '/message/message', layout: 'shell', keepAlive: true, page: 'MessageCentrePage' },
];
