// Pins made through the real API, as the app itself makes them: one POST /api/pins each with a bearer
// token, every one answered 201.
import { expect, type APIRequestContext } from '@playwright/test';

export interface NewPin {
  title: string;
  lat: number;
  lng: number;
  visitDate?: string;
}

export async function createPins(
  request: APIRequestContext,
  accessToken: string,
  pins: readonly NewPin[],
): Promise<void> {
  for (const pin of pins) {
    const created = await request.post('/api/pins', {
      data: pin,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(created.status()).toBe(201);
  }
}

/** Signs in for a token first (in `request`'s own context, apart from any page). */
export async function createPinsThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
  pins: readonly NewPin[],
): Promise<void> {
  const signIn = await request.post('/api/auth/signin', { data: { email, password } });
  expect(signIn.status()).toBe(200);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  await createPins(request, accessToken, pins);
}
