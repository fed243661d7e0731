// 'Search destinations...' (SPEC.md §4 Map, §9 Map and search): a combobox over the traveller's own pins
// and /api/places/search. Own places that match are listed first, at once and without the network; the
// gazetteer is asked 300 ms after the last keystroke for at most 5 results, and only its newest answer is
// shown (an older one arriving late is dropped). The list closes 200 ms after the input loses focus, so a
// click on a result still lands. Arrow keys move through both groups as one list, Enter chooses (the
// first option when none is marked), Escape closes.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Loader2, MapPinCheck, Search } from 'lucide-react';
import {
  PLACE_SEARCH_LIMITS,
  type Pin,
  type PlaceSearchResponse,
  type PlaceSearchResult,
} from '@waymarks/shared';
import { CountryFlag } from '../../../components/CountryFlag';
import { matchOwnPlaces } from '../own-places';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_CLOSE_DELAY_MS = 200;

type Status = 'idle' | 'loading' | 'done' | 'failed';

/** One entry of the list: an own pin or a gazetteer result, with a key that outlives a new answer. */
type Choice =
  { kind: 'pin'; key: string; pin: Pin } | { kind: 'place'; key: string; result: PlaceSearchResult };

const pinChoice = (pin: Pin): Choice => ({ kind: 'pin', key: `pin:${pin.pinId}`, pin });
const placeChoice = (result: PlaceSearchResult): Choice => ({
  kind: 'place',
  key: `place:${result.placeId}`,
  result,
});

const NO_PINS: readonly Pin[] = [];

const YOUR_PLACE = 'Your place';

/** What the live region says once the list changes: own places as soon as they show, the rest when known. */
function announcement(ownCount: number, placeCount: number, status: Status): string {
  const own = ownCount === 1 ? '1 of your places' : `${ownCount} of your places`;
  const places = `${placeCount} ${placeCount === 1 ? 'place' : 'places'}`;
  if (status === 'done') return ownCount > 0 ? `${own} and ${places} found` : `${places} found`;
  return ownCount > 0 ? `${own} found` : '';
}

export function SearchBox({
  search,
  onSelect,
  pins = NO_PINS,
  onSelectPin,
}: {
  search: (query: string, signal: AbortSignal) => Promise<PlaceSearchResponse>;
  onSelect: (result: PlaceSearchResult) => void;
  /** The traveller's pins; those the query names are listed first. */
  pins?: readonly Pin[];
  onSelectPin?: (pin: Pin) => void;
}) {
  const id = useId();
  const listId = `${id}-results`;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PlaceSearchResult[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  // The marked option by key, so a gazetteer answer arriving under an own place leaves the mark on it.
  const [active, setActive] = useState<string | null>(null);
  const latest = useRef(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const trimmed = query.trim();
    const ticket = ++latest.current;
    if (!trimmed) {
      setResults([]);
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('loading');
      search(trimmed.slice(0, PLACE_SEARCH_LIMITS.queryMax), controller.signal).then(
        (response) => {
          if (ticket !== latest.current) return;
          setResults(response.results.slice(0, PLACE_SEARCH_LIMITS.maxResults));
          setStatus('done');
        },
        () => {
          if (ticket !== latest.current) return;
          // A failed search clears the results (SPEC.md §8); the status line says it failed.
          setResults([]);
          setStatus('failed');
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const ownPlaces = useMemo(
    () => (onSelectPin ? matchOwnPlaces(pins, query) : []),
    [onSelectPin, pins, query],
  );
  const choices = [...ownPlaces.map(pinChoice), ...results.map(placeChoice)];
  const activeIndex = choices.findIndex((choice) => choice.key === active);

  function choose(choice: Choice) {
    latest.current += 1;
    setQuery('');
    setResults([]);
    setStatus('idle');
    setOpen(false);
    setActive(null);
    if (choice.kind === 'pin') onSelectPin?.(choice.pin);
    else onSelect(choice.result);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const count = choices.length;
      if (count === 0) return;
      const next =
        event.key === 'ArrowDown'
          ? (activeIndex + 1) % count
          : activeIndex <= 0
            ? count - 1
            : activeIndex - 1;
      setActive(choices[next]?.key ?? null);
    } else if (event.key === 'Enter') {
      // Enter with no option marked takes the first, as in every search box.
      const chosen = choices[activeIndex] ?? choices[0];
      if (chosen && open) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape') {
      if (open && query) {
        event.preventDefault();
        setOpen(false);
        setActive(null);
      } else if (query) {
        event.preventDefault();
        setQuery('');
      }
    }
  }

  const showList = open && query.trim() !== '' && (status !== 'idle' || ownPlaces.length > 0);
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;
  // The list scrolls when it is taller than the screen below the box: keep the marked option in view. The
  // pointer marks an option only when it moves, so a list scrolling under a still pointer keeps the mark.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  const optionClass = (index: number) =>
    `flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 ${index === activeIndex ? 'bg-brand-50' : ''}`;
  // The gazetteer's group is named only beside the traveller's own, once it has something to show.
  const labelPlaces = ownPlaces.length > 0 && status !== 'idle';
  const groupLabelClass = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600';

  return (
    <div className="relative w-full">
      <label htmlFor={`${id}-input`} className="sr-only">
        Search destinations
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
      />
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="Search destinations..."
        maxLength={PLACE_SEARCH_LIMITS.queryMax}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(null);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), SEARCH_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
        className="h-12 w-full rounded-control border border-slate-300 bg-white pl-10 pr-10 text-base text-slate-900 shadow-card placeholder:text-slate-500 focus:border-brand-600"
      />
      {status === 'loading' && (
        <Loader2
          aria-hidden="true"
          className="absolute right-3 top-1/2 size-5 -translate-y-1/2 animate-spin text-slate-500"
        />
      )}
      <div aria-live="polite" className="sr-only">
        {showList && announcement(ownPlaces.length, results.length, status)}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Places"
        hidden={!showList}
        className="absolute inset-x-0 top-full z-20 mt-1.5 max-h-[calc(100dvh-22rem)] overflow-y-auto sm:max-h-[calc(100dvh-16rem)] rounded-control border border-slate-200 bg-white py-1 shadow-card"
      >
        {ownPlaces.length > 0 && (
          <div role="group" aria-labelledby={`${id}-own`}>
            <div id={`${id}-own`} className={groupLabelClass}>
              Your places
            </div>
            {ownPlaces.map((pin, index) => {
              const details = [YOUR_PLACE, pin.countryName, `${pin.mediaCount} media`];
              return (
                <div
                  key={pin.pinId}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  aria-label={`${pin.title}, ${details.join(', ')}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(pinChoice(pin))}
                  onMouseMove={() => setActive(pinChoice(pin).key)}
                  className={optionClass(index)}
                >
                  <MapPinCheck aria-hidden="true" className="h-5 w-[1.375rem] shrink-0 text-brand-700" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{pin.title}</span>
                    <span className="block truncate text-sm text-slate-600">
                      <span className="font-semibold text-brand-700">{YOUR_PLACE}</span>
                      {details.slice(1).map((detail) => ` · ${detail}`)}
                    </span>
                  </span>
                </div>
              );
            })}
          </div>
        )}
        <div role="group" aria-labelledby={labelPlaces ? `${id}-places` : undefined}>
          {labelPlaces && (
            <div id={`${id}-places`} className={`${groupLabelClass} border-t border-slate-200`}>
              Places
            </div>
          )}
          {status === 'loading' && results.length === 0 && (
            <div className="px-3 py-2.5 text-sm text-slate-600">Searching…</div>
          )}
          {status === 'done' && results.length === 0 && (
            <div className="px-3 py-2.5 text-sm text-slate-600">No places found</div>
          )}
          {status === 'failed' && (
            <div className="px-3 py-2.5 text-sm text-danger-700">
              Search is not available right now. Please try again.
            </div>
          )}
          {results.map((result, resultIndex) => {
            const index = ownPlaces.length + resultIndex;
            return (
              <div
                key={result.placeId}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(placeChoice(result))}
                onMouseMove={() => setActive(placeChoice(result).key)}
                className={optionClass(index)}
              >
                <CountryFlag code={result.countryCode} className="h-4 w-[1.375rem] shrink-0" />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{result.name}</span>
                  <span className="block truncate text-sm text-slate-600">{result.formattedAddress}</span>
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
