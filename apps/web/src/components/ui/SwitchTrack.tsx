/**
 * What a switch (a `role="switch"` button) shows: a track filled when on and its knob. The button around it
 * carries the role, state and label; this is only drawn.
 */
export function SwitchTrack({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-6 w-11 items-center rounded-full p-0.5 transition-colors ${checked ? 'bg-brand-700' : 'bg-slate-300'}`}
    >
      <span
        className={`size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : ''}`}
      />
    </span>
  );
}
