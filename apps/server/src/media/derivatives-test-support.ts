// What the derivative tests share: the fixtures, each processed once, and the checks on what comes out.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createDerivativeMaker } from './derivatives.js';
import { createLimiter, MAX_CONCURRENT_DERIVATIVE_JOBS } from './job-limiter.js';
import type { Derivative, Derivatives } from './images.js';
import { sniffFile } from './sniff.js';
import { UnprocessableMedia } from './unprocessable.js';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const fixtures = path.join(repoRoot, '../shared/fixtures/media');
export const fixture = (name: string) => path.join(fixtures, name);

/**
 * HEIC and video decode in WebAssembly: a 12 MP photo takes 1–3 s, and each video frame starts a process
 * that compiles the 32 MB ffmpeg core first.
 */
export const SLOW = 60_000;

/** The tests' maker, limited as the app's is. */
export const makeDerivatives = createDerivativeMaker(createLimiter(MAX_CONCURRENT_DERIVATIVE_JOBS));

/** Each fixture is processed once and shared by the tests that look at it. */
const processed = new Map<string, Promise<Derivatives>>();
export async function processFile(file: string): Promise<Derivatives> {
  return makeDerivatives(file, await sniffFile(file));
}
export function derivativesOf(name: string): Promise<Derivatives> {
  let result = processed.get(name);
  if (!result) {
    result = processFile(fixture(name));
    processed.set(name, result);
  }
  return result;
}

export async function refusal(promise: Promise<unknown>): Promise<UnprocessableMedia> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UnprocessableMedia);
  return error as UnprocessableMedia;
}

export async function expectWebp(derivative: Derivative): Promise<sharp.Metadata> {
  expect(derivative.contentType).toBe('image/webp');
  const header = await sharp(derivative.data).metadata();
  expect(header.format).toBe('webp');
  expect([header.width, header.height]).toEqual([derivative.width, derivative.height]);
  return header;
}
