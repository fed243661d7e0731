import { describe, expect, it } from 'vitest';
import { buildPin } from '@waymarks/shared/testing';
import {
  addToTray,
  afterRefusal,
  afterSending,
  leaveOut,
  leftOutAnnouncement,
  sentAnnouncement,
  settledResults,
  waitingFiles,
  type UnplacedFile,
} from './unplaced';
import type { FileResult } from './upload-flow';

const lisbon = buildPin({ pinId: 'lisbon', title: 'Lisbon' });
const verification = { status: 'unverified', score: 20, hasLocationVerification: false } as const;
const file = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/jpeg' });

const jolla = file('jolla.jpg');
const canon = file('canon_40d.jpg');
const scan = file('scan.jpg');

const went = (sent: File): FileResult => ({
  file: sent,
  pinTitle: 'Lisbon',
  outcome: { ok: true, uploaded: { mediaId: `m-${sent.name}`, verification, pin: lisbon, isVideo: false } },
});
const failed = (sent: File, message: string): FileResult => ({
  file: sent,
  pinTitle: 'Lisbon',
  outcome: { ok: false, message },
});
const kept = (sent: File): FileResult => ({
  file: sent,
  pinTitle: 'Lisbon',
  outcome: { ok: false, message: `${sent.name}: Already in Lisbon`, skipped: true },
});

const names = (tray: readonly UnplacedFile[]) => tray.map(({ file: f, failure }) => [f.name, failure]);

describe('the Unplaced tray', () => {
  it('takes a later run’s files after those waiting, none listed twice', () => {
    const tray = addToTray(addToTray([], [jolla, canon]), [canon, scan]);
    expect(names(tray)).toEqual([
      ['jolla.jpg', null],
      ['canon_40d.jpg', null],
      ['scan.jpg', null],
    ]);
    expect(waitingFiles(tray)).toEqual([jolla, canon, scan]);
  });

  it('lets the traveller leave out one file or several', () => {
    const tray = addToTray([], [jolla, canon, scan]);
    expect(waitingFiles(leaveOut(tray, [canon]))).toEqual([jolla, scan]);
    expect(leaveOut(tray, [jolla, canon, scan])).toEqual([]);
  });

  it('lets go of files that went to their place or were kept already; a failed one stays with its sentence', () => {
    const tray = addToTray([], [jolla, canon, scan]);
    const damaged = 'scan.jpg has damaged image data and cannot be read.';
    const next = afterSending(tray, [went(jolla), kept(canon), failed(scan, damaged)]);
    expect(names(next)).toEqual([['scan.jpg', damaged]]);
  });

  it('keeps files that were not sent as they were', () => {
    const tray = afterSending(addToTray([], [jolla, canon]), [failed(jolla, 'jolla.jpg is empty.')]);
    expect(names(afterSending(tray, [went(canon)]))).toEqual([['jolla.jpg', 'jolla.jpg is empty.']]);
  });

  it('gives each file sent its own sentence when sending failed as a whole', () => {
    const tray = addToTray([], [jolla, canon, scan]);
    const next = afterRefusal(tray, [jolla, scan], (f) => `${f.name} was not uploaded. No more pins.`);
    expect(names(next)).toEqual([
      ['jolla.jpg', 'jolla.jpg was not uploaded. No more pins.'],
      ['canon_40d.jpg', null],
      ['scan.jpg', 'scan.jpg was not uploaded. No more pins.'],
    ]);
  });

  it('hands the summary the files that went up and the files kept already, not the failures', () => {
    const results = [went(jolla), kept(canon), failed(scan, 'scan.jpg is empty.')];
    expect(settledResults(results).map((r) => r.file)).toEqual([jolla, canon]);
  });
});

describe('what the tray says', () => {
  it('says where the files are now, by name for one and by count for more', () => {
    expect(sentAnnouncement([went(jolla)])).toBe('jolla.jpg is in Lisbon now.');
    expect(sentAnnouncement([went(jolla), went(canon)])).toBe('2 files are in Lisbon now.');
  });

  it('names a file kept already and the files that could not be uploaded', () => {
    expect(sentAnnouncement([went(jolla), kept(canon), failed(scan, 'scan.jpg is empty.')])).toBe(
      'jolla.jpg is in Lisbon now. canon_40d.jpg: Already in Lisbon. scan.jpg could not be uploaded.',
    );
    expect(sentAnnouncement([failed(jolla, 'x'), failed(scan, 'y')])).toBe('2 files could not be uploaded.');
  });

  it('says which files were left out', () => {
    expect(leftOutAnnouncement([canon])).toBe('canon_40d.jpg was left out.');
    expect(leftOutAnnouncement([jolla, canon, scan])).toBe('3 files were left out.');
  });
});
