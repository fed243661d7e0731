import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('redactUrl', () => {
  it('hides one-time codes and tokens in query strings and keeps the rest', () => {
    expect(redactUrl('/oauth/callback?code=abc123&x=1')).toBe('/oauth/callback?code=[redacted]&x=1');
    expect(redactUrl('/reset-password?token=secret')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/auth/google/callback?state=s&code=c')).toBe(
      '/api/auth/google/callback?state=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('hides the signed part of upload, download and archive links', () => {
    expect(redactUrl('/api/storage/upload/eyJrZXkiOi.sig')).toBe('/api/storage/upload/[redacted]');
    expect(redactUrl('/api/storage/object/eyJrZXkiOi.sig?x=1')).toBe('/api/storage/object/[redacted]?x=1');
    expect(redactUrl('/api/media/archive/abc.def')).toBe('/api/media/archive/[redacted]');
    expect(redactUrl('/api/media/pin/123')).toBe('/api/media/pin/123');
  });
});
