// How the app answers while it closes (SIGTERM, decision 098): requests already running finish; one that
// arrives on a connection still open is refused with 503 in the API's shape, so a proxy sends it
// elsewhere; and every connection ends after its answer, so none is left waiting out its keep-alive time
// while the process waits to exit.
import type { FastifyInstance } from 'fastify';
import { serviceBusy } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers while the app closes, in its own shape (the readiness check says 'unavailable'). */
    answersWhileClosing?: boolean;
  }
}

export const SHUTTING_DOWN_MESSAGE = 'This server is restarting. Please try again in a moment.';
/** Another instance, or this one started again, takes requests within seconds. */
const RETRY_AFTER_SECONDS = 2;

export interface ShutdownState {
  readonly closing: boolean;
}

/**
 * Pairs with Fastify's `return503OnClosing: false`: its own 503 body is not in the API's error shape.
 * Callback hooks, not async ones: they run on every request, and a promise each costs (decision 096).
 */
export function registerShutdownRefusal(app: FastifyInstance): ShutdownState {
  const state = { closing: false };
  app.addHook('preClose', (done) => {
    state.closing = true;
    done();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (!state.closing || request.routeOptions.config.answersWhileClosing) return done();
    done(serviceBusy(SHUTTING_DOWN_MESSAGE, RETRY_AFTER_SECONDS));
  });
  // Node ends a connection after a response that says so; a keep-alive one would otherwise stay open,
  // idle, and hold server.close() (and with it the exit) for its whole timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state.closing) reply.header('connection', 'close');
    done(null, payload);
  });
  return state;
}
