// 'Search destinations...' (SPEC.md §4 Map, §9 Map and search): a combobox over /api/places/search.
// Typing waits 300 ms before asking; at most 5 results; only the newest answer is shown (an older one
// arriving late is dropped); the list closes 200 ms after the input loses focus, so a click on a result
// still lands. Arrow keys move through the results, Enter chooses, Escape closes.
import { useEffect, useId, useRef, useState } from 'react';
import { Loader2, Search } from 'lucide-react';
import { PLACE_SEARCH_LIMITS, type PlaceSearchResponse, type PlaceSearchResult } from '@waymarks/shared';
import { CountryFlag } from '../../../components/CountryFlag';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_CLOSE_DELAY_MS = 200;

type Status = 'idle' | 'loading' | 'done' | 'failed';

export function SearchBox({
  search,
  onSelect,
}: {
  search: (query: string, signal: AbortSignal) => Promise<PlaceSearchResponse>;
  onSelect: (result: PlaceSearchResult) => void;
}) {
  const id = useId();
  const listId = `${id}-results`;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PlaceSearchResult[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
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
          setActive(-1);
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

  function choose(result: PlaceSearchResult) {
    latest.current += 1;
    setQuery('');
    setResults([]);
    setStatus('idle');
    setOpen(false);
    setActive(-1);
    onSelect(result);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const count = results.length;
      setActive((index) =>
        event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1,
      );
    } else if (event.key === 'Enter') {
      // Enter with no result marked takes the first, as in every search box.
      const chosen = results[active] ?? results[0];
      if (chosen && open) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape') {
      if (open && query) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query) {
        event.preventDefault();
        setQuery('');
      }
    }
  }

  const showList = open && query.trim() !== '' && status !== 'idle';
  const activeId = active >= 0 && results[active] ? `${id}-option-${active}` : undefined;

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
        {showList &&
          status === 'done' &&
          `${results.length} ${results.length === 1 ? 'place' : 'places'} found`}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Places"
        hidden={!showList}
        className="absolute inset-x-0 top-full z-20 mt-1.5 overflow-hidden rounded-control border border-slate-200 bg-white py-1 shadow-card"
      >
        {status === 'loading' && results.length === 0 && (
          <li role="presentation" className="px-3 py-2.5 text-sm text-slate-600">
            Searching…
          </li>
        )}
        {status === 'done' && results.length === 0 && (
          <li role="presentation" className="px-3 py-2.5 text-sm text-slate-600">
            No places found
          </li>
        )}
        {status === 'failed' && (
          <li role="presentation" className="px-3 py-2.5 text-sm text-danger-700">
            Search is not available right now. Please try again.
          </li>
        )}
        {results.map((result, index) => (
          <li
            key={result.placeId}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(result)}
            onMouseEnter={() => setActive(index)}
            className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 ${
              index === active ? 'bg-brand-50' : ''
            }`}
          >
            <CountryFlag code={result.countryCode} className="h-4 w-[1.375rem] shrink-0" />
            <span className="min-w-0">
              <span className="block truncate font-medium text-slate-900">{result.name}</span>
              <span className="block truncate text-sm text-slate-600">{result.formattedAddress}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
