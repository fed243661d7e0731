// The Unplaced tray of a quick upload: the files without GPS, each waiting for the traveller to choose a
// place for it (one of their pins, or a place found by search) or to leave it out. What the tray holds
// after each step, and what it says; free of React.
import { plural } from './detected-places';
import type { FileResult } from './upload-flow';

/** A file waiting in the tray, with why its last try did not go (a sentence naming it), or null. */
export interface UnplacedFile {
  file: File;
  failure: string | null;
}

/** Files put in the tray: after those already there, none listed twice. */
export function addToTray(tray: readonly UnplacedFile[], files: readonly File[]): UnplacedFile[] {
  const known = new Set(tray.map((entry) => entry.file));
  return [...tray, ...files.filter((file) => !known.has(file)).map((file) => ({ file, failure: null }))];
}

export const waitingFiles = (tray: readonly UnplacedFile[]): File[] => tray.map((entry) => entry.file);

/** The tray without the files the traveller left out. */
export function leaveOut(tray: readonly UnplacedFile[], files: readonly File[]): UnplacedFile[] {
  return tray.filter((entry) => !files.includes(entry.file));
}

/**
 * The tray after files were sent to a place: a file that went up, or was skipped as kept already, leaves
 * it; one that failed stays with its sentence, to go to another place or be left out.
 */
export function afterSending(tray: readonly UnplacedFile[], results: readonly FileResult[]): UnplacedFile[] {
  const outcomes = new Map(results.map((result) => [result.file, result.outcome]));
  return tray.flatMap((entry) => {
    const outcome = outcomes.get(entry.file);
    if (!outcome) return [entry];
    if (outcome.ok || outcome.skipped) return [];
    return [{ file: entry.file, failure: outcome.message }];
  });
}

/** The tray after sending failed as a whole: each file sent keeps the sentence that names it. */
export function afterRefusal(
  tray: readonly UnplacedFile[],
  sent: readonly File[],
  refusal: (file: File) => string,
): UnplacedFile[] {
  return tray.map((entry) =>
    sent.includes(entry.file) ? { ...entry, failure: refusal(entry.file) } : entry,
  );
}

/** The results that leave the tray for the summary: files that went up, and files kept already. */
export const settledResults = (results: readonly FileResult[]): FileResult[] =>
  results.filter(({ outcome }) => outcome.ok || outcome.skipped);

/** 'jolla.jpg', or '3 files': who a sentence is about. */
const subject = (files: readonly Pick<File, 'name'>[]) =>
  files.length === 1 ? files[0]!.name : plural(files.length, 'file', 'files');

/**
 * What the tray says once files were sent: 'jolla.jpg is in Lisbon now.', '2 files are in Lisbon now.',
 * a file kept already as the results say it ('IMG_1.jpg: Already in Lisbon.'), and the files that did not
 * go ('canon_40d.jpg could not be uploaded.'), each of which keeps its own sentence beside it in the tray.
 */
export function sentAnnouncement(results: readonly FileResult[]): string {
  const sentences: string[] = [];
  const placed = results.flatMap(({ outcome }) => (outcome.ok ? [outcome.uploaded] : []));
  if (placed.length > 0) {
    const files = results.filter(({ outcome }) => outcome.ok).map(({ file }) => file);
    const verb = files.length === 1 ? 'is' : 'are';
    sentences.push(`${subject(files)} ${verb} in ${placed[0]!.pin.title} now.`);
  }
  for (const { outcome } of results) {
    if (!outcome.ok && outcome.skipped) sentences.push(`${outcome.message}.`);
  }
  const failed = results.filter(({ outcome }) => !outcome.ok && !outcome.skipped).map(({ file }) => file);
  if (failed.length > 0) sentences.push(`${subject(failed)} could not be uploaded.`);
  return sentences.join(' ');
}

/** What the tray says when files are left out: 'canon_40d.jpg was left out.', '3 files were left out.' */
export function leftOutAnnouncement(files: readonly Pick<File, 'name'>[]): string {
  return `${subject(files)} ${files.length === 1 ? 'was' : 'were'} left out.`;
}
