import { flushSync } from 'react-dom';

/**
 * Applies field errors at once and moves focus to the first invalid field, so a screen reader reads
 * its label and its error together.
 */
export function showFieldErrors(form: HTMLFormElement | null, apply: () => void): void {
  flushSync(apply);
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
