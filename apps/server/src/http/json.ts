// JSON bodies and query strings must be valid UTF-8: invalid bytes are refused instead of silently becoming
// U+FFFD or raw text. So are the two escapes that would let a valid body carry text no column can keep: a
// lone surrogate (`\ud800`), which has no UTF-8 form and was stored as U+FFFD, and NUL (`\u0000`), which
// PostgreSQL refuses in text (the insert failed with 500) while SQLite kept it.
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { AppError } from './errors.js';
import { ErrorCode } from '@waymarks/shared';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** An escape in JSON text; `\\` is consumed whole, so `\\u0000` (a backslash, then "u0000") is no escape. */
const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|[^u])/g;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** The first escape that names text no column can keep, if any. */
function unstorableEscape(text: string): 'nul' | 'lone surrogate' | undefined {
  if (!text.includes('\\u')) return undefined;
  // Where the last high surrogate's escape ended, while it waits for its low half right there.
  let pairEnd = -1;
  for (const match of text.matchAll(ESCAPE)) {
    const unit = match[1] === undefined ? -1 : parseInt(match[1], 16);
    if (pairEnd >= 0) {
      if (match.index !== pairEnd || !isLowSurrogate(unit)) return 'lone surrogate';
      pairEnd = -1;
    } else if (unit === 0) {
      return 'nul';
    } else if (isLowSurrogate(unit)) {
      return 'lone surrogate';
    } else if (isHighSurrogate(unit)) {
      pairEnd = match.index + match[0].length;
    }
  }
  return pairEnd >= 0 ? 'lone surrogate' : undefined;
}

export function registerStrictJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(new AppError(400, 'VALIDATION_ERROR', 'Request body is not valid UTF-8'), undefined);
      return;
    }
    const unstorable = unstorableEscape(text);
    if (unstorable) {
      const message =
        unstorable === 'nul' ? 'Request body contains a NUL character' : 'Request body is not valid UTF-8';
      done(new AppError(400, 'VALIDATION_ERROR', message), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/**
 * Query strings must decode to UTF-8 as well: the query parser keeps a value it cannot decode as its raw
 * text (`a%FFb`), which the route would then read as if it had been sent so. Checked before validation,
 * after the token, and only on routes that read a query string.
 */
export function registerStrictQueryStrings(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.querystring) return;
    const check: preValidationHookHandler = (request, _reply, done) => {
      const start = request.url.indexOf('?');
      try {
        if (start >= 0) decodeURIComponent(request.url.slice(start + 1));
      } catch {
        done(new AppError(400, ErrorCode.validation, 'Query string is not valid UTF-8'));
        return;
      }
      done();
    };
    route.preValidation = [...[route.preValidation ?? []].flat(), check];
  });
}
