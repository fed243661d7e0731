// Where a location history is chosen: dropped on the zone, or picked with the button (the keyboard's way
// in). No type filter: phones give Timeline exports odd types, and the server tells formats apart by their
// content, never by a file's name.
import { useId, useRef, useState, type DragEvent } from 'react';
import { FileUp } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { IMPORT_TEXTS } from '../messages';

export function ImportDropzone({ onChoose }: { onChoose: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  function take(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (files.length > 0) onChoose(files);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dropzone
      data-dragging={dragging || undefined}
      className={`flex flex-col items-center gap-2 rounded-card border-2 border-dashed px-4 py-8 text-center transition-colors ${
        dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'
      }`}
    >
      <FileUp aria-hidden="true" className="size-8 text-brand-700" />
      <p className="text-sm font-medium text-slate-900">{IMPORT_TEXTS.dropHere}</p>
      <p id={hintId} className="text-xs text-slate-600">
        {IMPORT_TEXTS.dropHint}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      <Button
        variant="secondary"
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
        className="mt-1 px-4"
      >
        {IMPORT_TEXTS.browse}
      </Button>
    </div>
  );
}
