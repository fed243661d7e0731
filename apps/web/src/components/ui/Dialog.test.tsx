// @vitest-environment happy-dom
// DialogPanel, the shared modal for dialogs that lay themselves out: named by its title, Escape closes it,
// and focus goes into it on opening and back to its trigger on closing.
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DialogClose, DialogPanel, DialogRoot, DialogTitle, DialogTrigger } from './Dialog';

afterEach(cleanup);

function Viewer() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DialogRoot open={open} onOpenChange={setOpen}>
        <DialogTrigger>Open viewer</DialogTrigger>
        <DialogPanel overlayClassName="backdrop" className="fixed inset-0">
          <DialogTitle>IMG_1.jpg</DialogTitle>
          <DialogClose>Close viewer</DialogClose>
        </DialogPanel>
      </DialogRoot>
    </>
  );
}

describe('DialogPanel', () => {
  it('is a modal dialog named by its title, with focus inside while it is open', async () => {
    render(<Viewer />);
    fireEvent.click(screen.getByRole('button', { name: 'Open viewer' }));

    const dialog = await screen.findByRole('dialog', { name: 'IMG_1.jpg' });
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.querySelector('.backdrop')).not.toBeNull();
  });

  it('closes on Escape and gives focus back to its trigger', async () => {
    render(<Viewer />);
    const opener = screen.getByRole('button', { name: 'Open viewer' });
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'IMG_1.jpg' });

    fireEvent.keyDown(dialog, { key: 'Escape' });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes from its close button', async () => {
    render(<Viewer />);
    fireEvent.click(screen.getByRole('button', { name: 'Open viewer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close viewer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
