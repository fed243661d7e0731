// The routes of app.ts's guarded scope need a signed-in user (its onRequest hook). Each must also say so
// in the API document, with its security and its 401: the route-wide ownership and bad-input suites read
// the document to know which routes to ask without a session, and API clients read it too.
import type { RouteOptions } from 'fastify';

/** onRoute hook of the guarded scope: a route that does not document its guard stops start-up. */
export function requireDocumentedGuard(route: RouteOptions): void {
  const schema = route.schema as { security?: unknown[]; response?: Record<string, unknown> } | undefined;
  if (!schema?.security?.length || !schema.response?.[401]) {
    throw new Error(
      `${String(route.method)} ${route.url} is guarded, but its schema declares no security and 401`,
    );
  }
}
