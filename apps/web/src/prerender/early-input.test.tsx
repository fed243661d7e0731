// @vitest-environment happy-dom
// A visitor at work on a prerendered page before React adopts it: their text, taps and submissions reach
// the page's handlers once it is adopted, in order, and nothing is sent as a plain HTML form meanwhile.
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from './early-input';

// React left to its own scheduler, as in a browser: act() would run the replayed events' updates only at
// its end, where a browser runs them before the next task.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

interface Sent {
  name: string;
  note: string;
  kind: string;
  agreed: boolean;
}

function Page({ onSend, onOpen }: { onSend: (sent: Sent) => void; onOpen: () => void }) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [kind, setKind] = useState('');
  const [agreed, setAgreed] = useState(false);
  return (
    <main>
      <a href="#elsewhere">Elsewhere</a>
      <button type="button" onClick={onOpen}>
        Menu
      </button>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSend({ name, note, kind, agreed });
        }}
      >
        <label>
          Name <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          Note <textarea value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
        <label>
          Kind
          <select value={kind} onChange={(event) => setKind(event.target.value)}>
            <option value="">Choose</option>
            <option value="photo">Photo</option>
          </select>
        </label>
        <label>
          Agree{' '}
          <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        </label>
        <button type="submit">Send</button>
      </form>
    </main>
  );
}

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
});

/** The page as it arrives: server markup, no React yet. */
function arrive() {
  const onSend = vi.fn<(sent: Sent) => void>();
  const onOpen = vi.fn<() => void>();
  const element = <Page onSend={onSend} onOpen={onOpen} />;
  document.body.innerHTML = `<div id="root">${renderToString(element)}</div>`;
  const container = document.getElementById('root')!;
  return { container, element, onSend, onOpen };
}

/** Types as a browser does: the field's value changes, then an input event. */
function type(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A few tasks: enough for React's scheduler to finish its work and for the replay's task to run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

async function adopt(container: HTMLElement, element: React.ReactElement) {
  root = hydrateRoot(container, element);
  await settle();
}

describe('input held until a prerendered page is adopted', () => {
  it('hands typed text, a choice and a tick to React and replays the held submission with them', async () => {
    const { container, element, onSend } = arrive();
    const early = holdEarlyInput(container, () => {});
    type(container.querySelector('input')!, 'Ada');
    type(container.querySelector('textarea')!, 'A private home');
    choose(container.querySelector('select')!, 'photo');
    container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    const submitted = vi.fn();
    window.addEventListener('submit', submitted);
    container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    // Held: no plain HTML submission left the page.
    expect(submitted).not.toHaveBeenCalled();

    await adopt(container, element);
    expect(onSend).not.toHaveBeenCalled();
    early.replay();
    await settle();

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ name: 'Ada', note: 'A private home', kind: 'photo', agreed: true });
    // React now holds the text: its next render keeps it on screen.
    expect(container.querySelector('input')!.value).toBe('Ada');
    window.removeEventListener('submit', submitted);
  });

  it('replays a held button tap once, after the page is adopted', async () => {
    const { container, element, onOpen } = arrive();
    const early = holdEarlyInput(container, () => {});
    container.querySelector<HTMLButtonElement>('button[type="button"]')!.click();
    await adopt(container, element);
    expect(onOpen).not.toHaveBeenCalled();
    early.replay();
    await settle();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('calls for the app at the first sign of a visitor, once', () => {
    const { container } = arrive();
    const onFirstInput = vi.fn();
    holdEarlyInput(container, onFirstInput);
    container.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    container.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(onFirstInput).toHaveBeenCalledTimes(1);
  });

  it('leaves links alone and stops holding once replayed', async () => {
    const { container, element, onOpen } = arrive();
    const link = container.querySelector('a')!;
    const early = holdEarlyInput(container, () => {});
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);

    await adopt(container, element);
    early.replay();
    // After the replay React's own handlers answer at once.
    container.querySelector<HTMLButtonElement>('button[type="button"]')!.click();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
