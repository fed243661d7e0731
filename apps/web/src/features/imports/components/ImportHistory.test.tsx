// @vitest-environment happy-dom
// The profile's Imported travels against a stubbed server: each import's counts, the way to review one
// not saved yet, and an Undo that asks about pins given photos since, only when there are some.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, calledPaths, renderAt, serve, type RequestMock } from '../../../testing/render';
import { buildSummary } from '../imports.testing';
import { ImportHistory } from './ImportHistory';

const { request } = vi.hoisted(() => ({ request: vi.fn() as unknown as RequestMock }));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const done = (pinsWithPhotos: number) =>
  buildSummary({
    importId: 'imp-1',
    status: 'done',
    format: 'google-records',
    fileNames: ['Records.json'],
    places: 12,
    created: 10,
    matched: 2,
    pinsWithPhotos,
    committedAt: '2026-11-20T11:00:00.000Z',
  });
const ready = buildSummary({ importId: 'imp-2', status: 'ready', fileNames: ['trip.gpx'], places: 4 });

const undone = (removedPins: number, keptPins: number) =>
  answer({ importId: 'imp-1', outcome: 'undone', removedPins, keptPins });

beforeEach(() => {
  vi.mocked(request).mockReset();
});
afterEach(cleanup);

describe('ImportHistory', () => {
  it('lists each import with its counts, leads to a new import and to the review of one waiting', async () => {
    serve(request, { 'GET /imports': answer({ imports: [done(0), ready] }) });
    renderAt(<ImportHistory />, '/profile');

    const rows = within(await screen.findByRole('list', { name: 'Your imports' })).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Records.json');
    expect(rows[0]!.textContent).toContain('20 Nov 2026');
    expect(rows[0]!.textContent).toContain('Google Takeout location history (Records.json)');
    expect(rows[0]!.textContent).toContain('10 pins added to your map. 2 places were on your map already.');
    expect(rows[1]!.textContent).toContain('4 places found.');
    expect(within(rows[1]!).getByRole('link', { name: 'Review and choose' }).getAttribute('href')).toBe(
      '/import?id=imp-2',
    );
    expect(within(rows[1]!).queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Import past travels' }).getAttribute('href')).toBe('/import');
  });

  it('undoes an import without photos added since after asking once, with nothing more to choose', async () => {
    serve(request, {
      'GET /imports': answer({ imports: [done(0)] }),
      'DELETE /imports/imp-1?photos=keep': undone(10, 0),
    });
    renderAt(<ImportHistory />, '/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Undo the import of Records.json' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this import?' });
    expect(dialog.textContent).toContain('This removes the 10 pins this import added to your map.');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));

    expect(await screen.findByText('The import was undone: 10 pins removed.')).toBeTruthy();
    expect(calledPaths(request)).toContain('DELETE /imports/imp-1?photos=keep');
  });

  it('asks whether pins given photos since stay, and deletes them too when told', async () => {
    serve(request, {
      'GET /imports': answer({ imports: [done(3)] }),
      'DELETE /imports/imp-1?photos=delete': undone(10, 0),
    });
    renderAt(<ImportHistory />, '/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Undo the import of Records.json' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this import?' });
    expect(dialog.textContent).toContain('You have added photos or videos to 3 pins of this import since.');
    const keep = within(dialog).getByRole('radio', { name: /^Keep those pins with their photos/ });
    expect((keep as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Delete them too/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));

    await waitFor(() => expect(calledPaths(request)).toContain('DELETE /imports/imp-1?photos=delete'));
    expect(calledPaths(request)).not.toContain('DELETE /imports/imp-1?photos=keep');
  });

  it('keeps pins with photos by default, and says how many were kept', async () => {
    serve(request, {
      'GET /imports': answer({ imports: [done(1)] }),
      'DELETE /imports/imp-1?photos=keep': undone(9, 1),
    });
    renderAt(<ImportHistory />, '/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Undo the import of Records.json' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo import' }));
    expect(
      await screen.findByText('The import was undone: 9 pins removed. 1 pin with photos was kept.'),
    ).toBeTruthy();
  });
});
