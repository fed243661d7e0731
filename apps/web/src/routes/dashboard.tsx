// /dashboard (SPEC.md §2): header, stats bar, the map with its search box, and the timeline strip; a click
// on the map, a marker, a search result or a timeline pin opens the location dialog for that place.
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { UploadCloud } from 'lucide-react';
import { GEOCODE_FALLBACK, hasFeature, type Pin, type PlaceSearchResult } from '@waymarks/shared';
import { useAuth } from '../app/auth/useAuth';
import { usePageTitle } from '../app/usePageTitle';
import { SimpleFooter } from '../components/site/Footer';
import { SkipLink } from '../components/site/SkipLink';
import {
  DashboardHeader,
  MapErrorBoundary,
  MapView,
  SearchBox,
  StatsBar,
  boundsAround,
  nearestPinWithin,
  usePreferences,
  type MapFocus,
} from '../features/dashboard';
import { LocationDialog } from '../features/location';
import { useCountries, usePins } from '../features/pins';
import {
  placeFromPin,
  placeFromReverse,
  placeFromSearch,
  placeWhenLookupFails,
  usePlaceLookups,
  type MapPlace,
} from '../features/places';
import { TimelineStrip } from '../features/timeline';

const QUICK_UPLOAD_PLACE: MapPlace = {
  lat: 0,
  lng: 0,
  name: 'Auto-detect from photos',
  countryCode: GEOCODE_FALLBACK.countryCode,
  countryName: GEOCODE_FALLBACK.countryName,
  pin: null,
};

/** SPEC.md §9: the zoom for a chosen result or a focused pin, and for the first pin on load. */
const FOCUS_ZOOM = 12;
const FIRST_PIN_ZOOM = 6;

export default function DashboardRoute() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const pins = usePins();
  const countries = useCountries();
  const lookups = usePlaceLookups();
  const [preferences, setPreference] = usePreferences();
  const [selected, setSelected] = useState<MapPlace | null>(null);
  const [temporaryMarker, setTemporaryMarker] = useState<{ lat: number; lng: number } | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const lookupTicket = useRef(0);
  const jumpedToFirstPin = useRef(false);

  const pinList = useMemo(() => pins.data ?? [], [pins.data]);
  const visitedCodes = useMemo(
    () => (countries.data?.countries ?? []).map((country) => country.countryCode),
    [countries.data],
  );

  // When pins first load the map jumps to the first pin at zoom 6 (SPEC.md §4).
  useEffect(() => {
    if (jumpedToFirstPin.current || !pins.data) return;
    jumpedToFirstPin.current = true;
    const first = pins.data[0];
    if (first) setFocus({ lat: first.lat, lng: first.lng, zoom: FIRST_PIN_ZOOM, instant: true });
  }, [pins.data]);

  useEffect(() => {
    // SPEC.md §8: a failed pin load is only logged; the map stays empty.
    if (pins.error) console.error('Failed to load pins', pins.error);
    if (countries.error) console.error('Failed to load country figures', countries.error);
  }, [pins.error, countries.error]);

  // The dialog shows the newest copy of its pin (after a rename, say).
  const shownPlace = useMemo(() => {
    if (!selected?.pin) return selected;
    const latest = pinList.find((pin) => pin.pinId === selected.pin?.pinId);
    return latest ? placeFromPin(latest) : selected;
  }, [selected, pinList]);

  const { reverse, search } = lookups;
  const openPlaceAt = useCallback(
    async (lat: number, lng: number) => {
      const ticket = ++lookupTicket.current;
      setLookingUp(true);
      const place = await reverse(lat, lng).then(
        (found) => placeFromReverse(lat, lng, found),
        () => placeWhenLookupFails(lat, lng),
      );
      if (ticket !== lookupTicket.current) return;
      setLookingUp(false);
      setTemporaryMarker({ lat, lng });
      setSelected(place);
    },
    [reverse],
  );

  const openPin = useCallback((pin: Pin) => {
    lookupTicket.current += 1;
    setLookingUp(false);
    setTemporaryMarker(null);
    setSelected(placeFromPin(pin));
  }, []);

  // Selecting a timeline pin focuses the map on it and opens its dialog (SPEC.md §2); so does choosing one
  // of the traveller's own places in the search box.
  const focusPin = useCallback(
    (pin: Pin) => {
      setFocus({ lat: pin.lat, lng: pin.lng, zoom: FOCUS_ZOOM });
      openPin(pin);
    },
    [openPin],
  );

  // A result within the grouping distance of a saved pin is that pin: uploads there would join it anyway.
  const chooseResult = useCallback(
    (result: PlaceSearchResult) => {
      const saved = nearestPinWithin(pinList, result);
      if (saved) {
        focusPin(saved);
        return;
      }
      lookupTicket.current += 1;
      setLookingUp(false);
      setTemporaryMarker({ lat: result.lat, lng: result.lng });
      setFocus({ lat: result.lat, lng: result.lng, zoom: FOCUS_ZOOM });
      setSelected(placeFromSearch(result));
    },
    [pinList, focusPin],
  );

  // Quick upload: the dialog at a placeholder place; the photos' GPS decides where they go (SPEC.md §2).
  const openQuickUpload = useCallback(() => {
    lookupTicket.current += 1;
    setLookingUp(false);
    setTemporaryMarker(null);
    setSelected(QUICK_UPLOAD_PLACE);
  }, []);

  // The end of a quick upload: the dialog closes and the map shows every place it added at once.
  const showPlaces = useCallback((placed: readonly Pin[]) => {
    setSelected(null);
    setTemporaryMarker(null);
    const bounds = boundsAround(placed);
    if (bounds) setFocus({ bounds, maxZoom: FOCUS_ZOOM });
  }, []);

  const searchPlaces = useCallback((query: string, signal: AbortSignal) => search(query, signal), [search]);

  if (!user) return null;

  return (
    <>
      <SkipLink target="map" />
      <div className="flex h-dvh min-h-[34rem] flex-col">
        <DashboardHeader user={user} preferences={preferences} onPreferenceChange={setPreference} />
        <StatsBar summary={countries.data} loading={countries.isPending} />
        <main
          id="map"
          tabIndex={-1}
          aria-label="Your travel map"
          className="relative min-h-0 flex-1 outline-none"
        >
          <div className="absolute inset-x-3 top-3 z-10 flex items-start gap-2 sm:right-auto">
            <div className="min-w-0 flex-1 sm:w-96 sm:flex-none">
              <SearchBox
                search={searchPlaces}
                onSelect={chooseResult}
                pins={pinList}
                onSelectPin={focusPin}
              />
            </div>
            <button
              type="button"
              onClick={openQuickUpload}
              title="Upload photos and videos and auto-detect the location"
              aria-label="Upload: upload photos and videos and auto-detect the location"
              className="flex min-h-11 shrink-0 items-center gap-2 rounded-control bg-brand-700 px-3.5 text-sm font-semibold text-white shadow-card hover:bg-brand-800 active:bg-brand-900"
            >
              <UploadCloud aria-hidden="true" className="size-5" />
              <span className="hidden sm:inline">Upload</span>
            </button>
          </div>
          {lookingUp && (
            <p
              role="status"
              className="absolute bottom-16 left-1/2 z-10 -translate-x-1/2 rounded-full bg-slate-900/85 px-4 py-2 text-sm font-medium text-white"
            >
              Finding this place…
            </p>
          )}
          <MapErrorBoundary>
            <Suspense
              fallback={
                <div
                  role="status"
                  className="flex h-full items-center justify-center bg-[#cfe3ef] text-sm font-medium text-slate-700"
                >
                  Loading map…
                </div>
              }
            >
              <MapView
                pins={pinList}
                showPins={preferences.showPins}
                globe={preferences.showGlobe}
                onGlobeChange={(on) => setPreference('showGlobe', on)}
                highlightCountries={
                  preferences.showCountryHighlighting && hasFeature(user.tier, 'countryHighlighting')
                }
                verificationBadges={hasFeature(user.tier, 'verificationBadges')}
                visitedCodes={visitedCodes}
                temporaryMarker={temporaryMarker}
                focus={focus}
                onPlaceClick={openPlaceAt}
                onPinClick={openPin}
              />
            </Suspense>
          </MapErrorBoundary>
        </main>
        <TimelineStrip
          pins={pinList}
          loading={pins.isPending}
          tier={user.tier}
          shown={preferences.showTimeline}
          onShownChange={(shown) => setPreference('showTimeline', shown)}
          onSelect={focusPin}
        />
      </div>
      <SimpleFooter />
      <LocationDialog
        place={shownPlace}
        tier={user.tier}
        pins={pinList}
        onClose={() => {
          setSelected(null);
          setTemporaryMarker(null);
        }}
        onSaved={(pin) => {
          setTemporaryMarker(null);
          setSelected(placeFromPin(pin));
        }}
        onDeleted={() => {
          setSelected(null);
          setTemporaryMarker(null);
        }}
        onShowOnMap={showPlaces}
      />
    </>
  );
}
