import { describe, expect, it } from 'vitest';
import { RenderOnce } from './render-once.js';

const later = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

describe('RenderOnce', () => {
  it('renders a key once for requests that arrive while it renders and after', async () => {
    const cache = new RenderOnce(4);
    const pending = later<Buffer>();
    let calls = 0;
    const render = () => {
      calls += 1;
      return pending.promise;
    };
    const answers = [cache.get('a', render), cache.get('a', render), cache.get('a', render)];
    pending.resolve(Buffer.from('png'));
    expect((await Promise.all(answers)).map(({ bytes, rendered }) => [String(bytes), rendered])).toEqual([
      ['png', true],
      ['png', false],
      ['png', false],
    ]);
    expect(await cache.get('a', render)).toEqual({ bytes: Buffer.from('png'), rendered: false });
    expect([calls, cache.renders]).toEqual([1, 1]);
  });

  it('renders again after a failed render, which is not kept', async () => {
    const cache = new RenderOnce(4);
    await expect(cache.get('a', () => Promise.reject(new Error('librsvg')))).rejects.toThrow('librsvg');
    expect(String((await cache.get('a', async () => Buffer.from('second'))).bytes)).toBe('second');
    expect(cache.renders).toBe(2);
  });

  it('keeps the most recently used keys up to its capacity', async () => {
    const cache = new RenderOnce(2);
    const render = (text: string) => async () => Buffer.from(text);
    await cache.get('a', render('a'));
    await cache.get('b', render('b'));
    await cache.get('a', render('a2')); // used again: b is now the oldest
    await cache.get('c', render('c'));
    expect(String((await cache.get('a', render('a3'))).bytes)).toBe('a');
    expect(String((await cache.get('b', render('b2'))).bytes)).toBe('b2');
    expect(cache.renders).toBe(4);
  });
});
