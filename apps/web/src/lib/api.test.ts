import { describe, expect, it, vi } from 'vitest';
import { IdempotencyKey } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import {
  ApiError,
  ContractError,
  apiFetch,
  callEndpoint,
  describeError,
  newIdempotencyKey,
  type Transport,
} from './api';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiFetch', () => {
  it('sends JSON with the bearer token and parses the JSON answer', async () => {
    const fetch = vi.fn(async () => new Response('{"pinId":"p1"}', { status: 201 }));

    const result = await apiFetch(fetch as unknown as typeof globalThis.fetch, '/pins', {
      method: 'POST',
      body: { name: 'Lisbon' },
      token: 'abc',
    });

    expect(result).toEqual({ pinId: 'p1' });
    expect(fetch).toHaveBeenCalledWith('/api/pins', {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: 'Bearer abc',
      },
      body: '{"name":"Lisbon"}',
      credentials: 'same-origin',
    });
  });

  it('sends the Idempotency-Key of a create that may be sent again', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }));
    const key = newIdempotencyKey();

    await apiFetch(fetch as unknown as typeof globalThis.fetch, '/pins', {
      method: 'POST',
      body: {},
      idempotencyKey: key,
    });

    expect(fetch).toHaveBeenCalledWith(
      '/api/pins',
      expect.objectContaining({ headers: expect.objectContaining({ 'Idempotency-Key': key }) }),
    );
  });

  it('makes a new Idempotency-Key each time, one the server accepts', () => {
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey());
    expect(new Set(keys).size).toBe(50);
    for (const key of keys) expect(IdempotencyKey.safeParse(key).success).toBe(true);
  });

  it('sends a Blob as its own bytes and type rather than as JSON', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

    await apiFetch(fetch as unknown as typeof globalThis.fetch, '/avatar/image', {
      method: 'PUT',
      body: png,
      token: 'abc',
    });

    expect(fetch).toHaveBeenCalledWith('/api/avatar/image', {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'image/png', Authorization: 'Bearer abc' },
      body: png,
      credentials: 'same-origin',
    });
  });

  it('throws ApiError with the message "API Error: {status} - {body}" and the server code and message', async () => {
    const body = '{"error":{"code":"USERNAME_TAKEN","message":"That username is taken"}}';
    const fetch = vi.fn(async () => new Response(body, { status: 409 }));

    const error = await failureOf(apiFetch(fetch as unknown as typeof globalThis.fetch, '/auth/signup'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`API Error: 409 - ${body}`);
    expect(error).toMatchObject({
      status: 409,
      code: 'USERNAME_TAKEN',
      serverMessage: 'That username is taken',
    });
  });

  it('keeps an error body that is not the API error shape without a server message', async () => {
    const fetch = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await failureOf(apiFetch(fetch as unknown as typeof globalThis.fetch, '/auth/config'));

    expect(error.message).toBe('API Error: 502 - <html>Bad gateway</html>');
    expect(error).toMatchObject({ status: 502, code: null, serverMessage: null });
  });
});

describe('describeError', () => {
  it('shows the server message, else the fallback for API errors, else the unexpected text', () => {
    const withMessage = new ApiError(
      401,
      '{"error":{"code":"INVALID_CREDENTIALS","message":"Incorrect email or password"}}',
    );
    const withoutMessage = new ApiError(500, '');

    expect(describeError(withMessage, 'Sign in failed', 'An unexpected error occurred')).toBe(
      'Incorrect email or password',
    );
    expect(describeError(withoutMessage, 'Sign in failed', 'An unexpected error occurred')).toBe(
      'Sign in failed',
    );
    expect(
      describeError(new TypeError('Failed to fetch'), 'Sign in failed', 'An unexpected error occurred'),
    ).toBe('An unexpected error occurred');
  });

  it('shows the fallback for any failure when no unexpected text is given', () => {
    expect(describeError(new ApiError(500, ''), 'Could not save this place')).toBe(
      'Could not save this place',
    );
    expect(describeError(new TypeError('Failed to fetch'), 'Could not save this place')).toBe(
      'Could not save this place',
    );
  });

  it('builds the fallback from the status and the unexpected text from the error when given functions', () => {
    const fallback = (status: number) => `Upload failed: ${status}`;
    const own = (error: unknown) => (error instanceof Error ? error.message : 'Upload failed: 0');

    expect(describeError(new ApiError(502, '<html>'), fallback, own)).toBe('Upload failed: 502');
    expect(describeError(new Error('Upload failed: 403'), fallback, own)).toBe('Upload failed: 403');
  });
});

describe('callEndpoint', () => {
  const pin = buildPin({
    pinId: 'p 1',
    title: 'Lisbon',
    lat: 38.72,
    lng: -9.14,
    countryCode: 'PT',
    countryName: 'Portugal',
  });

  it('sends the method and body of the endpoint table to its path, with params and query encoded', async () => {
    const transport = vi.fn<Transport>(async () => pin);

    await callEndpoint(transport, 'updatePin', { params: { pinId: 'p 1' }, body: { title: 'Lisbon' } });
    transport.mockResolvedValueOnce({
      city: 'Lisbon',
      region: 'Lisbon',
      countryCode: 'PT',
      countryName: 'Portugal',
    });
    await callEndpoint(transport, 'reverseGeocode', { query: { lat: 38.72, lng: -9.14 } });

    expect(transport.mock.calls).toEqual([
      ['/pins/p%201', { method: 'PUT', body: { title: 'Lisbon' } }],
      ['/places/reverse?lat=38.72&lng=-9.14', { method: 'GET' }],
    ]);
  });

  it('answers the parsed body when it matches the contract', async () => {
    const answer = await callEndpoint(async () => ({ pins: [pin] }), 'listPins');

    expect(answer.pins[0]?.title).toBe('Lisbon');
  });

  it('fails in tests when the server answers outside the contract, naming the endpoint and the field', async () => {
    const renamed = { pins: [{ ...pin, title: undefined, pinTitle: 'Lisbon' }] };

    const failure = callEndpoint(async () => renamed, 'listPins');

    await expect(failure).rejects.toBeInstanceOf(ContractError);
    await expect(failure).rejects.toThrow(/listPins .*pins\.0\.title/);
  });
});
