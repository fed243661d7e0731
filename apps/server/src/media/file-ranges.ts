// A file on disk read the way stored objects are: by ranges (ReadRange), so one code path serves both.
import { open } from 'node:fs/promises';
import type { ReadRange } from '@waymarks/shared';

/** Runs fn with a range reader over `file` and its size; the file is closed afterwards. */
export async function withFileRanges<T>(
  file: string,
  fn: (source: { read: ReadRange; size: number }) => Promise<T>,
): Promise<T> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read: ReadRange = async (offset, length) => {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    };
    return await fn({ read, size });
  } finally {
    await handle.close();
  }
}
