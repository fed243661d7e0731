// The HTML half of every e-mail: escaping of user-supplied text and one page frame.

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Wraps already-escaped HTML blocks in the Waymarks mail frame. */
export function mailPage(blocks: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:520px;margin:24px auto;padding:0 16px">${blocks.join('')}<p style="color:#64748b;font-size:13px">Waymarks · Track, Remember, Explore</p></body></html>`;
}

/** Paragraphs of already-escaped HTML in the mail frame. */
export function mailParagraphs(paragraphs: string[]): string {
  return mailPage(paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`));
}
