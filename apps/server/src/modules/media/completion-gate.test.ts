// The completion line on its own: shared answers per upload, and refusals once the line is full.
import { describe, expect, it } from 'vitest';
import { CompletionGate, CompletionsBusyError } from './completion-gate.js';

/** A job the test finishes when it wants, counting how often it was started. */
function heldJob<T>(value: T) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const job = {
    starts: 0,
    run: async () => {
      job.starts += 1;
      await done;
      return value;
    },
    finish,
  };
  return job;
}

describe('CompletionGate', () => {
  it('gives calls for an upload whose completion is under way that one’s answer, starting nothing more', async () => {
    const gate = new CompletionGate({ running: 1, waiting: 0, retryAfterSeconds: 5 });
    const job = heldJob('ready');
    const calls = Array.from({ length: 10 }, () => gate.run('m1', job.run));
    job.finish();
    expect(await Promise.all(calls)).toEqual(Array(10).fill('ready'));
    expect(job.starts).toBe(1);
  });

  it('refuses a completion the line has no room for, and takes one again once a place is free', async () => {
    const gate = new CompletionGate({ running: 1, waiting: 1, retryAfterSeconds: 5 });
    const [first, second, third] = [heldJob(1), heldJob(2), heldJob(3)];
    const running = gate.run('m1', first.run);
    const waiting = gate.run('m2', second.run);
    await expect(gate.run('m3', third.run)).rejects.toEqual(new CompletionsBusyError(5));
    expect(third.starts).toBe(0);

    first.finish();
    expect(await running).toBe(1);
    const later = gate.run('m3', third.run);
    second.finish();
    third.finish();
    expect(await Promise.all([waiting, later])).toEqual([2, 3]);
  });

  it('shares a failure with the calls that waited on it, and runs the next call for the upload anew', async () => {
    const gate = new CompletionGate({ running: 1, waiting: 0, retryAfterSeconds: 5 });
    let fail!: (error: Error) => void;
    const failing = () => new Promise<string>((_resolve, reject) => (fail = reject));
    const calls = [gate.run('m1', failing), gate.run('m1', failing)];
    await Promise.resolve();
    fail(new Error('unreadable'));
    for (const call of calls) await expect(call).rejects.toThrow('unreadable');
    expect(await gate.run('m1', async () => 'retried')).toBe('retried');
  });
});
