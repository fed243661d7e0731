// What a visitor does on a prerendered page before React has adopted it (main.tsx, client.tsx). The page
// is drawn from HTML at once, but its buttons and forms do nothing until the app's code has arrived: a tap
// on a button would be lost and a form would submit itself to the server as a plain HTML form, and text
// typed into a field would be dropped by React's first update of that field. Until the page is adopted,
// those taps and submissions are held, and replayed afterwards, with the text typed so far handed to
// React as if typed then. Links keep working as plain links.

/** Elements whose click is held until the page is adopted: everything React gives a handler to. */
const HELD_CLICKS =
  'button, [role="button"], input[type="submit"], input[type="checkbox"], input[type="radio"]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface EarlyInput {
  /** Hands over what was held: typed text first, then each held tap or submission, in order. */
  replay(): void;
}

/**
 * Starts holding input on `root`. `onFirstInput` is called once, at the first sign of a visitor (a key,
 * a pointer, a focus), so the app can start loading without waiting for anything else.
 */
export function holdEarlyInput(root: HTMLElement, onFirstInput: () => void): EarlyInput {
  const typed = new Set<Field>();
  const held: (() => void)[] = [];
  let noticed = false;

  // Nothing else sees a held event: neither the browser (a form would be sent) nor React, whose own
  // listeners on this root, once it has begun adopting the page, would act on it a second time.
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const notice = () => {
    if (noticed) return;
    noticed = true;
    onFirstInput();
  };
  const onClick = (event: Event) => {
    notice();
    const target = event.target instanceof Element ? event.target.closest(HELD_CLICKS) : null;
    if (!(target instanceof HTMLElement) || !root.contains(target)) return;
    // A checkbox or radio held here goes back to its state before the click once the click is over, and
    // the replayed click changes it again, this time with React listening.
    hold(event);
    held.push(() => target.click());
  };
  const onSubmit = (event: Event) => {
    notice();
    hold(event);
    const form = event.target;
    // A submission by Enter in a field (a held button's click never gets this far).
    if (form instanceof HTMLFormElement) held.push(() => form.requestSubmit());
  };
  const onInput = (event: Event) => {
    notice();
    const field = event.target;
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ) {
      typed.add(field);
    }
  };
  const listeners: [string, (event: Event) => void][] = [
    ['click', onClick],
    ['submit', onSubmit],
    ['input', onInput],
    ['change', onInput],
    ['pointerdown', notice],
    ['keydown', notice],
    ['focusin', notice],
  ];
  for (const [type, listener] of listeners) root.addEventListener(type, listener, true);

  return {
    replay() {
      for (const [type, listener] of listeners) root.removeEventListener(type, listener, true);
      // Every text is read before any is handed over: React renders the page again after each one, and
      // that render puts back the rendered value of every field it has not been told of yet.
      const texts = [...typed]
        .filter((field) => field.isConnected)
        .map((field) => [field, field.value] as const);
      for (const [field, text] of texts) handToReact(field, text);
      // A task later, so that the text handed over has been rendered before a held submission reads it.
      const taps = held.splice(0);
      if (taps.length > 0) {
        setTimeout(() => {
          for (const tap of taps) tap();
        }, 0);
      }
    },
  };
}

/**
 * React keeps a field's typed text while adopting the page but believes the field holds that text
 * already: its next update of the field would put back the value it renders. React notices a change by
 * comparing the field's value with the last value it saw set through the field's own `value` property, so
 * the field is set to its rendered value through that property, then to the typed text past it (through
 * the prototype's setter), and told of an input, as a typing visitor would.
 */
function handToReact(field: Field, text: string): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return;
  // React reads a select's choice from its change event alone.
  if (field instanceof HTMLSelectElement) {
    field.value = text;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const rendered = field.defaultValue;
  if (text === rendered) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (!setter) return;
  field.value = rendered;
  setter.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
