// The shown item's caption under the photo, with Add a caption or Edit caption, and the form that edits it.
import { useId, type KeyboardEvent } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { MEDIA_LIMITS, type MediaItem } from '@waymarks/shared';
import { Button } from '../../../../components/ui/Button';
import { Spinner } from '../../../../components/ui/Spinner';
import type { CaptionEditorState } from './useCaptionEditor';

const TEXT_BUTTON =
  'inline-flex min-h-11 items-center gap-1.5 rounded-control px-2 -mx-2 text-sm font-semibold text-brand-300 ' +
  'transition-colors hover:bg-white/10 hover:text-brand-200 active:bg-white/15 focus-visible:outline-brand-300';

interface CaptionEditorProps {
  item: MediaItem;
  editor: CaptionEditorState;
}

export function CaptionEditor({ item, editor }: CaptionEditorProps) {
  return (
    <div className="flex flex-col gap-1">
      {editor.editing ? (
        <CaptionForm editor={editor} />
      ) : (
        <>
          {item.caption && (
            <p className="whitespace-pre-line text-base text-white [overflow-wrap:anywhere]">
              {item.caption}
            </p>
          )}
          <div>
            <button ref={editor.toggleRef} type="button" onClick={editor.start} className={TEXT_BUTTON}>
              {item.caption ? (
                <Pencil aria-hidden="true" className="size-4" />
              ) : (
                <Plus aria-hidden="true" className="size-4" />
              )}
              {item.caption ? 'Edit caption' : 'Add a caption'}
            </button>
          </div>
        </>
      )}
      {/* Rendered in both states, so a screen reader hears what the save did as the form closes. */}
      <p aria-live="polite" className="text-sm text-success-200 empty:hidden">
        {editor.saving ? <span className="sr-only">Saving caption…</span> : editor.news}
      </p>
    </div>
  );
}

function CaptionForm({ editor }: { editor: CaptionEditorState }) {
  const fieldId = useId();
  const countId = useId();
  const errorId = useId();
  const length = editor.draft.trim().length;
  const over = length > MEDIA_LIMITS.captionMax;

  // Ctrl+Enter (⌘+Enter on a Mac) saves from the text, as in most message boxes; Enter alone is a new line.
  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    void editor.submit();
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void editor.submit();
      }}
      className="flex flex-col gap-2"
    >
      <label htmlFor={fieldId} className="text-sm font-semibold text-slate-100">
        Caption
      </label>
      <textarea
        id={fieldId}
        autoFocus
        rows={3}
        value={editor.draft}
        onChange={(event) => editor.setDraft(event.target.value)}
        onKeyDown={handleKeyDown}
        onFocus={(event) => {
          // The cursor goes after the caption being edited, not before it.
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
        aria-invalid={editor.error || over ? true : undefined}
        aria-describedby={editor.error ? `${errorId} ${countId}` : countId}
        className="block min-h-11 w-full resize-y rounded-control border border-slate-600 bg-slate-800 px-3 py-2 text-base leading-relaxed text-white placeholder:text-slate-400 focus-visible:border-brand-300 focus-visible:outline-brand-300 aria-invalid:border-danger-200"
      />
      {editor.error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-200">
          {editor.error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={countId}
          className={`text-sm tabular-nums ${over ? 'font-semibold text-danger-200' : 'text-slate-400'}`}
        >
          {length}/{MEDIA_LIMITS.captionMax}
          <span className="sr-only"> characters</span>
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={editor.cancel} aria-disabled={editor.saving || undefined}>
            Cancel
          </Button>
          <Button
            type="submit"
            aria-disabled={editor.saving || undefined}
            className="aria-disabled:cursor-progress"
          >
            {editor.saving && <Spinner className="size-4" />}
            {editor.saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </div>
    </form>
  );
}
