import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, describeError } from './api';

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
});
