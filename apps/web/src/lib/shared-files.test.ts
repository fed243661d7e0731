// The files a phone's share sheet hands to the installed app, kept in IndexedDB (fake-indexeddb here) until
// the dashboard takes them: taken once, added to by a second share, dropped after an hour or on sign-out,
// and the dashboard's ?shared= parameter read.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetSharedFiles,
  keepSharedFiles,
  SHARED_FILES_KEEP_MS,
  sharedFilesArrival,
  takeSharedFiles,
} from './shared-files';

const T0 = Date.UTC(2026, 0, 15, 12);

const photo = (name: string, text = `bytes of ${name}`) => new File([text], name, { type: 'image/jpeg' });

const names = (files: File[]) => files.map((file) => file.name);

/**
 * Node's structuredClone, which fake-indexeddb stores values with, turns a File into a Blob without its name;
 * a browser's keeps the File (HTML's serializable File: bytes, type, name, lastModified). This one does as a
 * browser does for the Files in a record and leaves every other value to Node's.
 */
const nodeStructuredClone = globalThis.structuredClone;
function browserStructuredClone(value: unknown): unknown {
  if (value instanceof File) {
    return new File([value], value.name, { type: value.type, lastModified: value.lastModified });
  }
  if (Array.isArray(value)) return value.map(browserStructuredClone);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, each]) => [key, browserStructuredClone(each)]),
    );
  }
  return nodeStructuredClone(value);
}

beforeEach(() => {
  // A fresh, empty device for each test.
  globalThis.indexedDB = new IDBFactory();
  vi.stubGlobal('structuredClone', browserStructuredClone);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('keepSharedFiles and takeSharedFiles', () => {
  it('gives the kept files, names and bytes intact, to the first take and none to a second', async () => {
    await keepSharedFiles([photo('beach.jpg', 'sand and sea'), photo('hill.jpg')], T0);

    const taken = await takeSharedFiles(T0 + 1_000);
    expect(names(taken)).toEqual(['beach.jpg', 'hill.jpg']);
    expect(await taken[0]?.text()).toBe('sand and sea');
    expect(await taken[1]?.text()).toBe('bytes of hill.jpg');

    expect(await takeSharedFiles(T0 + 2_000)).toEqual([]);
  });

  it('gives nothing when nothing was shared', async () => {
    expect(await takeSharedFiles(T0)).toEqual([]);
  });

  it('adds the files of a second share, before the first are taken, to the first', async () => {
    await keepSharedFiles([photo('one.jpg')], T0);
    await keepSharedFiles([photo('two.jpg'), photo('three.jpg')], T0 + 60_000);

    const taken = await takeSharedFiles(T0 + 120_000);
    expect(names(taken)).toEqual(['one.jpg', 'two.jpg', 'three.jpg']);
    expect(await taken[2]?.text()).toBe('bytes of three.jpg');
  });

  it('still gives files that have waited exactly the keeping time', async () => {
    await keepSharedFiles([photo('one.jpg')], T0);

    expect(names(await takeSharedFiles(T0 + SHARED_FILES_KEEP_MS))).toEqual(['one.jpg']);
  });

  it('does not give files that waited longer than the keeping time, nor keeps them for a later take', async () => {
    await keepSharedFiles([photo('old.jpg')], T0);

    expect(await takeSharedFiles(T0 + SHARED_FILES_KEEP_MS + 1)).toEqual([]);
    expect(await takeSharedFiles(T0)).toEqual([]);
  });

  it('replaces files that waited longer than the keeping time with those of a later share', async () => {
    await keepSharedFiles([photo('old.jpg')], T0);
    const later = T0 + SHARED_FILES_KEEP_MS + 1;
    await keepSharedFiles([photo('new.jpg', 'fresh')], later);

    const taken = await takeSharedFiles(later + 1_000);
    expect(names(taken)).toEqual(['new.jpg']);
    expect(await taken[0]?.text()).toBe('fresh');
  });

  it('counts the hour from the latest share when a second share adds to the first', async () => {
    await keepSharedFiles([photo('one.jpg')], T0);
    const second = T0 + SHARED_FILES_KEEP_MS - 1;
    await keepSharedFiles([photo('two.jpg')], second);

    expect(names(await takeSharedFiles(second + SHARED_FILES_KEEP_MS))).toEqual(['one.jpg', 'two.jpg']);
  });
});

describe('forgetSharedFiles', () => {
  it('drops the files waiting, so that the dashboard takes none', async () => {
    await keepSharedFiles([photo('one.jpg')], T0);

    await forgetSharedFiles();

    expect(await takeSharedFiles(T0 + 1_000)).toEqual([]);
  });

  it('does nothing when no files are waiting', async () => {
    await expect(forgetSharedFiles()).resolves.toBeUndefined();
  });
});

describe('sharedFilesArrival', () => {
  it('reads the files kept on the device from ?shared=files', () => {
    expect(sharedFilesArrival('?shared=files')).toBe('files');
  });

  it('reads files the worker could not keep from ?shared=again', () => {
    expect(sharedFilesArrival('?shared=again')).toBe('again');
  });

  it('finds the parameter among others', () => {
    expect(sharedFilesArrival('?tab=map&shared=files')).toBe('files');
  });

  it('reads nothing from another value, an empty one, or an address without the parameter', () => {
    expect(sharedFilesArrival('?shared=photos')).toBeNull();
    expect(sharedFilesArrival('?shared=')).toBeNull();
    expect(sharedFilesArrival('?tab=map')).toBeNull();
    expect(sharedFilesArrival('')).toBeNull();
  });
});
