import { describe, expect, it, vi } from 'vitest';
import { MEDIA_MESSAGES, type MediaMetadata, type Pin, type PinCreateRequest } from '@waymarks/shared';
import {
  DEFAULT_UPLOAD_SETTINGS,
  FileSkipped,
  UploadRefused,
  runUpload,
  unplacedFiles,
  type UploadDeps,
  type UploadTarget,
} from './upload-flow';
import { buildPin } from '@waymarks/shared/testing';

const AREZZO = { lat: 43.4665, lng: 11.882 };
const MADRID = { lat: 40.44697, lng: -3.72475 };

function meta(location: { lat: number; lng: number } | null, dateTaken: string | null = null): MediaMetadata {
  return {
    dateTaken,
    dateSource: dateTaken ? 'original' : null,
    location: location ? { ...location, accuracy: null } : null,
    cameraMake: null,
    cameraModel: null,
  };
}

function pin(id: string, at: { lat: number; lng: number }, title = id): Pin {
  return buildPin({ pinId: id, title, ...at, countryCode: 'IT', countryName: 'Italy' });
}

function setup(files: [File, MediaMetadata][], existingPins: Pin[] = []) {
  const metadata = new Map(files);
  const created: PinCreateRequest[] = [];
  const uploads: { pinId: string; name: string; hash: string | null }[] = [];
  const deleted: string[] = [];
  const deps: UploadDeps = {
    readMetadata: vi.fn(async (file: File) => metadata.get(file)!),
    placeAt: vi.fn(async (lat: number) =>
      lat > 42
        ? { name: 'Arezzo', countryCode: 'IT', countryName: 'Italy' }
        : { name: 'Madrid', countryCode: 'ES', countryName: 'Spain' },
    ),
    createPin: vi.fn(async (body: PinCreateRequest) => {
      created.push(body);
      return pin(`new-${created.length}`, body, body.title);
    }),
    // 'IMG_1 copy.jpg' has the bytes of 'IMG_1.jpg'; a file named 'large…' is too large to be hashed.
    contentHash: vi.fn(async (file: File) =>
      file.name.startsWith('large') ? null : `sha256 of ${file.name.replace(' copy', '')}`,
    ),
    uploadFile: vi.fn(async (pinId: string, file: File, _metadata: MediaMetadata, hash: string | null) => {
      uploads.push({ pinId, name: file.name, hash });
      if (file.name.startsWith('bad')) {
        throw new Error(`${file.name} has damaged image data and cannot be read.`);
      }
      // The traveller keeps a file named 'kept…' in Lisbon already.
      if (file.name.startsWith('kept')) throw new FileSkipped(file, 'Already in Lisbon');
      return {
        mediaId: `m-${file.name}`,
        verification: { status: 'verified' as const, score: 100, hasLocationVerification: true },
        pin: pin(pinId, AREZZO, existingPins.find((one) => one.pinId === pinId)?.title),
        isVideo: false,
      };
    }),
    deletePin: vi.fn(async (pinId: string) => {
      deleted.push(pinId);
    }),
    existingPins,
  };
  return { deps, created, uploads, deleted };
}

const file = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/jpeg' });
const placeTarget = (overrides: Partial<UploadTarget> = {}): UploadTarget => ({
  ...AREZZO,
  name: 'Arezzo',
  countryCode: 'IT',
  countryName: 'Italy',
  pin: null,
  visitDate: null,
  ...overrides,
});

/** Runs an upload of the files to the target, with no one watching its progress. */
const uploadTo = (
  files: [File, MediaMetadata][],
  target: UploadTarget,
  deps: UploadDeps,
  settings = DEFAULT_UPLOAD_SETTINGS,
) =>
  runUpload(
    files.map(([f]) => f),
    settings,
    target,
    deps,
    () => {},
  );

const quickTarget = placeTarget({
  lat: 0,
  lng: 0,
  name: 'Auto-detect from photos',
  countryCode: 'XX',
  countryName: 'Unknown',
});

describe('runUpload', () => {
  it('reports progress exactly at 10, 30, 50, 60, then a share of 40 per batch, and 100', async () => {
    const files = Array.from(
      { length: 9 },
      (_, i) => [file(`p${i}.jpg`), meta(AREZZO)] as [File, MediaMetadata],
    );
    const { deps } = setup(files);
    const progress: number[] = [];
    await runUpload(
      files.map(([f]) => f),
      DEFAULT_UPLOAD_SETTINGS,
      placeTarget(),
      deps,
      (p) => progress.push(p),
    );
    // 9 files in batches of 4: three batches.
    expect(progress).toEqual([10, 30, 50, 60, 73, 87, 100, 100]);
  });

  it('creates one pin per place: the selected place for its own files, a named new one elsewhere', async () => {
    const files: [File, MediaMetadata][] = [
      [file('a.jpg'), meta(AREZZO, '2008-10-22T16:28:00')],
      [file('b.jpg'), meta(MADRID, '2015-04-10T20:12:00')],
      [file('c.jpg'), meta(null)],
    ];
    const { deps, created, uploads } = setup(files);
    const outcome = await uploadTo(files, placeTarget(), deps);
    expect(created).toEqual([
      expect.objectContaining({
        title: 'Arezzo',
        description: 'Photos from Arezzo',
        visitDate: '2008-10-22',
        lat: AREZZO.lat,
      }),
      expect.objectContaining({
        title: 'Madrid',
        description: 'Auto-detected from photos',
        visitDate: '2015-04-10',
        countryCode: 'ES',
      }),
      expect.objectContaining({ title: 'Arezzo', description: 'Photos from Arezzo' }),
    ]);
    expect(uploads.map((u) => u.name).sort()).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(outcome.pins).toHaveLength(3);
  });

  it('adds files to the saved pin they were taken at, and to another own pin they are near', async () => {
    const saved = pin('saved', AREZZO);
    const madridPin = pin('madrid', MADRID);
    const files: [File, MediaMetadata][] = [
      [file('a.jpg'), meta({ lat: 43.4684, lng: 11.8854 })],
      [file('b.jpg'), meta(MADRID)],
      [file('c.jpg'), meta(null)],
    ];
    const { deps, created, uploads } = setup(files, [saved, madridPin]);
    await uploadTo(files, placeTarget({ pin: saved }), deps);
    expect(created).toEqual([]);
    expect(uploads).toEqual([
      { pinId: 'saved', name: 'a.jpg', hash: 'sha256 of a.jpg' },
      { pinId: 'madrid', name: 'b.jpg', hash: 'sha256 of b.jpg' },
      { pinId: 'saved', name: 'c.jpg', hash: 'sha256 of c.jpg' },
    ]);
  });

  it('uses the chosen visit date when date detection is off, and ignores GPS when location is off', async () => {
    const files: [File, MediaMetadata][] = [[file('b.jpg'), meta(MADRID, '2015-04-10T20:12:00')]];
    const { deps, created } = setup(files);
    const settings = { ...DEFAULT_UPLOAD_SETTINGS, autoDetectDate: false, autoVerifyLocation: false };
    await uploadTo(files, placeTarget({ visitDate: '2020-01-02' }), deps, settings);
    expect(created).toEqual([expect.objectContaining({ title: 'Arezzo', visitDate: '2020-01-02' })]);
  });

  it('reports a failed file and goes on with the rest', async () => {
    const files: [File, MediaMetadata][] = [
      [file('bad.jpg'), meta(AREZZO)],
      ...Array.from({ length: 5 }, (_, i) => [file(`ok${i}.jpg`), meta(AREZZO)] as [File, MediaMetadata]),
    ];
    const { deps } = setup(files);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const outcome = await uploadTo(files, placeTarget(), deps);
    expect(outcome.results.filter((r) => r.outcome.ok)).toHaveLength(5);
    expect(outcome.results.find((r) => !r.outcome.ok)?.outcome).toEqual({
      ok: false,
      message: 'bad.jpg has damaged image data and cannot be read.',
    });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('sends a second copy of a file in one selection once: the copy is skipped, said to be where the first went', async () => {
    const saved = pin('saved', AREZZO, 'Arezzo');
    const files: [File, MediaMetadata][] = [
      [file('IMG_1.jpg'), meta(AREZZO)],
      [file('IMG_2.jpg'), meta(AREZZO)],
      [file('IMG_1 copy.jpg'), meta(AREZZO)],
      [file('large.mp4'), meta(AREZZO)],
      [file('large too.mp4'), meta(AREZZO)],
    ];
    const { deps, uploads } = setup(files, [saved]);
    const logged = vi.spyOn(console, 'error');
    const outcome = await uploadTo(files, placeTarget({ pin: saved }), deps);
    // Files without a hash are each sent, and left to the server.
    expect(uploads.map(({ name }) => name)).toEqual(['IMG_1.jpg', 'IMG_2.jpg', 'large.mp4', 'large too.mp4']);
    const copy = outcome.results.find((result) => result.file.name === 'IMG_1 copy.jpg');
    expect(copy?.outcome).toEqual({ ok: false, skipped: true, message: 'IMG_1 copy.jpg: Already in Arezzo' });
    expect(outcome.results.filter((result) => result.outcome.ok)).toHaveLength(4);
    expect(logged).not.toHaveBeenCalled();
  });

  it('skips a file the traveller keeps already, and its copy alike, as no failure; a new pin left empty goes', async () => {
    const files: [File, MediaMetadata][] = [
      [file('kept.jpg'), meta(MADRID)],
      [file('kept copy.jpg'), meta(MADRID)],
    ];
    const { deps, uploads, deleted } = setup(files);
    const logged = vi.spyOn(console, 'error');
    const outcome = await uploadTo(files, quickTarget, deps);
    expect(uploads.map(({ name }) => name)).toEqual(['kept.jpg']);
    expect(outcome.results.map((result) => result.outcome)).toEqual([
      { ok: false, skipped: true, message: 'kept.jpg: Already in Lisbon' },
      { ok: false, skipped: true, message: 'kept copy.jpg: Already in Lisbon' },
    ]);
    expect(logged).not.toHaveBeenCalled();
    expect(deleted).toEqual(['new-1']);
    expect(outcome.pins).toEqual([]);
  });

  it('does not send the copy of a file that failed: it stays to be sent again, as a failure', async () => {
    const files: [File, MediaMetadata][] = [
      [file('bad.jpg'), meta(AREZZO)],
      [file('bad copy.jpg'), meta(AREZZO)],
    ];
    const { deps, uploads } = setup(files);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const outcome = await uploadTo(files, placeTarget(), deps);
    expect(uploads.map(({ name }) => name)).toEqual(['bad.jpg']);
    expect(outcome.results[1]?.outcome).toEqual({
      ok: false,
      message: 'bad copy.jpg could not be uploaded. Please try again.',
    });
  });

  it('in quick upload places the files with GPS and leaves those without unplaced, unsent', async () => {
    const files: [File, MediaMetadata][] = [
      [file('a.jpg'), meta(AREZZO)],
      [file('b.jpg'), meta(null)],
      [file('c.jpg'), meta({ lat: 0, lng: 0 })],
    ];
    const { deps, uploads } = setup(files);
    const outcome = await uploadTo(files, quickTarget, deps);
    expect(uploads.map((u) => u.name)).toEqual(['a.jpg']);
    expect(outcome.results.map((r) => r.file.name)).toEqual(['a.jpg']);
    expect(outcome.unplaced.map((u) => [u.file.name, u.failure])).toEqual([
      ['b.jpg', null],
      ['c.jpg', null],
    ]);
  });

  it('refuses a quick upload with nothing to place with the wait-for-location message, handing its files back', async () => {
    const files: [File, MediaMetadata][] = [
      [file('a.jpg'), meta(null)],
      [file('b.jpg'), meta(null)],
    ];
    const { deps, uploads, created } = setup(files);
    const refused = await uploadTo(files, quickTarget, deps).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadRefused);
    expect((refused as UploadRefused).message).toBe(MEDIA_MESSAGES.waitForLocation);
    expect((refused as UploadRefused).unplaced.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(uploads).toEqual([]);
    expect(created).toEqual([]);
  });

  it('sends files without GPS to the pin the traveller chose for them', async () => {
    const lisbon = pin('lisbon', { lat: 38.7223, lng: -9.1393 }, 'Lisbon');
    const files: [File, MediaMetadata][] = [
      [file('a.jpg'), meta(null)],
      [file('b.jpg'), meta(null)],
    ];
    const { deps, uploads, created } = setup(files, [lisbon]);
    const outcome = await uploadTo(files, placeTarget({ ...lisbon, name: 'Lisbon', pin: lisbon }), deps);
    expect(uploads.map((u) => [u.pinId, u.name])).toEqual([
      ['lisbon', 'a.jpg'],
      ['lisbon', 'b.jpg'],
    ]);
    expect(created).toEqual([]);
    expect(outcome.unplaced).toEqual([]);
  });

  it('makes a searched place chosen for files without GPS a pin named after it, dated by the photos', async () => {
    const files: [File, MediaMetadata][] = [[file('a.jpg'), meta(null, '2014-09-21T16:00:00')]];
    const { deps, uploads, created } = setup(files);
    await uploadTo(
      files,
      placeTarget({ lat: 38.7223, lng: -9.1393, name: 'Lisbon', countryCode: 'PT', countryName: 'Portugal' }),
      deps,
    );
    expect(created).toEqual([
      {
        lat: 38.7223,
        lng: -9.1393,
        countryCode: 'PT',
        countryName: 'Portugal',
        title: 'Lisbon',
        description: 'Photos from Lisbon',
        visitDate: '2014-09-21',
      },
    ]);
    expect(uploads.map((u) => [u.pinId, u.name])).toEqual([['new-1', 'a.jpg']]);
  });

  it('in quick upload names every new pin from its photos and describes it as auto-detected', async () => {
    const files: [File, MediaMetadata][] = [
      [file('a.jpg'), meta(AREZZO)],
      [file('b.jpg'), meta(MADRID)],
    ];
    const { deps, created } = setup(files);
    await uploadTo(files, quickTarget, deps);
    expect(created.map((c) => [c.title, c.description])).toEqual([
      ['Arezzo', 'Auto-detected from photos'],
      ['Madrid', 'Auto-detected from photos'],
    ]);
  });

  it('refuses an empty selection with the no-files message', async () => {
    const { deps } = setup([]);
    await expect(runUpload([], DEFAULT_UPLOAD_SETTINGS, placeTarget(), deps, () => {})).rejects.toThrow(
      MEDIA_MESSAGES.noFilesSelected,
    );
  });

  it('removes a new pin again when none of its files went up, and keeps the ones that got some', async () => {
    const files: [File, MediaMetadata][] = [
      [file('bad-madrid.jpg'), meta(MADRID)],
      [file('bad-arezzo.jpg'), meta(AREZZO)],
      [file('good-arezzo.jpg'), meta(AREZZO)],
    ];
    const { deps, deleted } = setup(files);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const outcome = await uploadTo(files, quickTarget, deps);
    logged.mockRestore();
    // Madrid's pin (new-1) got nothing; Arezzo's (new-2) got one file.
    expect(deleted).toEqual(['new-1']);
    expect(outcome.pins.map((p) => p.title)).toEqual(['Arezzo']);
  });

  it('never removes a pin the traveller already had', async () => {
    const saved = pin('saved', AREZZO);
    const files: [File, MediaMetadata][] = [[file('bad.jpg'), meta(AREZZO)]];
    const { deps, deleted } = setup(files, [saved]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await uploadTo(files, placeTarget({ pin: saved }), deps);
    logged.mockRestore();
    expect(deleted).toEqual([]);
  });
});

describe('unplacedFiles', () => {
  it('in quick upload lists the files without GPS, 0, 0 counting as none', () => {
    const withGps = file('a.jpg');
    const without = file('b.jpg');
    const zero = file('c.jpg');
    const metadata = new Map([
      [withGps, meta(AREZZO)],
      [without, meta(null)],
      [zero, meta({ lat: 0, lng: 0 })],
    ]);
    expect(unplacedFiles([withGps, without, zero], (f) => metadata.get(f), quickTarget)).toEqual([
      without,
      zero,
    ]);
  });

  it('lists none for a chosen place or pin: there files without GPS join it', () => {
    const without = file('b.jpg');
    const metadataOf = () => meta(null);
    expect(unplacedFiles([without], metadataOf, placeTarget())).toEqual([]);
    expect(unplacedFiles([without], metadataOf, { ...quickTarget, pin: pin('saved', AREZZO) })).toEqual([]);
  });
});
