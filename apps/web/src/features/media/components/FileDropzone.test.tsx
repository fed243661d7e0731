// @vitest-environment happy-dom
// Choosing files: one that cannot be uploaded is not added, and one sentence naming it says why, once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FileDropzone } from './FileDropzone';

// ../shared/fixtures/media beside the repository root; this file lives in apps/web/src/features/media/components.
const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../../shared/fixtures/media');
const pick = (relative: string, type: string) =>
  new File([readFileSync(path.join(FIXTURES, relative))], path.basename(relative), { type });

afterEach(cleanup);

function renderDropzone() {
  const onAdd = vi.fn<(files: File[]) => void>();
  const { container } = render(
    <FileDropzone files={[]} metadata={new Map()} disabled={false} onAdd={onAdd} onRemove={() => {}} />,
  );
  return { onAdd, container };
}

it('keeps an empty file out of the selection, saying so by its name', () => {
  const { onAdd, container } = renderDropzone();
  const photo = pick('photos/gps/iphone6_madrid.jpg', 'image/jpeg');
  const empty = pick('hostile/empty.jpg', 'image/jpeg');
  fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [photo, empty] } });
  expect(onAdd).toHaveBeenCalledWith([photo]);
  const notAdded = screen.getByRole('list', { name: 'Files not added' });
  expect(
    within(notAdded)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['empty.jpg is empty.']);
  expect(screen.getAllByText('empty.jpg is empty.')).toHaveLength(1);
});

it('says of each dropped file that is not a photo or video that it is not, and adds the rest', () => {
  const { onAdd, container } = renderDropzone();
  const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
  const page = new File(['<html></html>'], 'page.html', { type: 'text/html' });
  const photo = pick('photos/gps/nokia_helsinki.jpg', 'image/jpeg');
  fireEvent.drop(container.querySelector('[data-dropzone]')!, {
    dataTransfer: { files: [notes, photo, page] },
  });
  expect(onAdd).toHaveBeenCalledWith([photo]);
  expect(screen.getByRole('status').textContent).toBe(
    'notes.txt is not a photo or video that can be uploaded.' +
      'page.html is not a photo or video that can be uploaded.',
  );
});
