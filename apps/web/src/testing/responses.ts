// Answers as the API sends them, for tests that fake fetch.

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's answer to a missing, expired or refused token. */
export const unauthorizedResponse = () =>
  jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } });
