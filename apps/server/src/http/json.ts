// JSON bodies must be valid UTF-8: invalid bytes are refused instead of silently becoming U+FFFD.
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

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
    parseJson(request, text, done);
  });
}
