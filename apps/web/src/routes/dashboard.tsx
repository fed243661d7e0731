// /dashboard (SPEC.md §2): header, stats bar, the map with its search box, and the timeline strip; a marker,
// a search result or a timeline pin opens the location dialog for that place, and a point on the map opens
// it from the popup that names it first (decision 083). The map opens fitted to the traveller's places; a
// traveller with none sees the world and a first-step hint.
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { UploadCloud } from 'lucide-react';
import { GEOCODE_FALLBACK, hasFeature, type Pin, type PlaceSearchResult } from '@waymarks/shared';
import { useAuth } from '../app/auth/useAuth';
import { usePageTitle } from '../app/usePageTitle';
import { SimpleFooter } from '../components/site/Footer';
import { SkipLink } from '../components/site/SkipLink';
import {
  DashboardHeader,
  FirstStepHint,
  MapErrorBoundary,
  MapView,
  OfflineNotice,
  SearchBox,
  SharedFilesNotice,
  StatsBar,
  boundsAround,
  nearestPinWithin,
  usePreferences,
  useSharedFiles,
  type MapFocus,
  type MovingPin,
  type PlaceProposal,
} from '../features/dashboard';
import { LocationDialog } from '../features/location';
import { MovePinBar, useCountries, usePins, type PinMove } from '../features/pins';
import {
  placeFromPin,
  placeFromReverse,
  placeFromSearch,
  placeWhenLookupFails,
  usePlaceLookups,
  type MapPlace,
} from '../features/places';
import { TimelineStrip, pinsInSpan, visitedCodesOf, type YearSpan } from '../features/timeline';

const QUICK_UPLOAD_PLACE: MapPlace = {
  lat: 0,
  lng: 0,
  name: 'Auto-detect from photos',
  countryCode: GEOCODE_FALLBACK.countryCode,
  countryName: GEOCODE_FALLBACK.countryName,
  pin: null,
};

/** SPEC.md §9: the zoom for a chosen result or a focused pin. */
const FOCUS_ZOOM = 12;
/**
 * The closest the opening view comes when fitting the traveller's places: SPEC.md §4's zoom for the first
 * pin, so a single place opens as it always did, now with the whole set in view (decision 083).
 */
const OPENING_MAX_ZOOM = 6;

/** A point chosen on the map while offline: no place can be added, so none is offered. */
const ignorePoint = () => {};

export default function DashboardRoute() {
  usePageTitle('Dashboard');
  // Offline: the places shown are the ones this device kept (app/offline), said so above the map; adding a
  // place or uploading waits for Waymarks to be back.
  const { user, offline } = useAuth();
  const pins = usePins();
  const countries = useCountries();
  const lookups = usePlaceLookups();
  const [preferences, setPreference] = usePreferences();
  const [selected, setSelected] = useState<MapPlace | null>(null);
  const [temporaryMarker, setTemporaryMarker] = useState<{ lat: number; lng: number } | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [proposal, setProposal] = useState<PlaceProposal | null>(null);
  const [hintDismissed, setHintDismissed] = useState(false);
  const lookupTicket = useRef(0);
  const fittedToPlaces = useRef(false);

  const pinList = useMemo(() => pins.data ?? [], [pins.data]);
  // The years the timeline filters the map to (decision 090): only its pins, and only their countries
  // filled. Unfiltered, the countries are the summary's.
  const [timelineSpan, setTimelineSpan] = useState<YearSpan | null>(null);
  const span = user && hasFeature(user.tier, 'timelineView') ? timelineSpan : null;
  const spanPins = useMemo(() => pinsInSpan(pinList, span), [pinList, span]);
  const summaryCodes = useMemo(
    () => (countries.data?.countries ?? []).map((country) => country.countryCode),
    [countries.data],
  );
  const visitedCodes = useMemo(
    () => (spanPins === pinList ? summaryCodes : visitedCodesOf(spanPins)),
    [spanPins, pinList, summaryCodes],
  );

  // When pins first load the map fits them all (decision 083, in place of SPEC.md §4's first pin); with
  // none it stays on the world.
  useEffect(() => {
    if (fittedToPlaces.current || !pins.data) return;
    fittedToPlaces.current = true;
    const bounds = boundsAround(pins.data);
    if (bounds) setFocus({ bounds, maxZoom: OPENING_MAX_ZOOM, instant: true });
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
  // A point on the map is offered in a popup, named from its coordinates (SPEC.md §8: a failed lookup
  // names it 'Unknown Location'); a newer offer, or anything else opened meanwhile, drops the answer.
  const proposePlaceAt = useCallback(
    async (lat: number, lng: number) => {
      const ticket = ++lookupTicket.current;
      setProposal({ id: ticket, lat, lng, place: null });
      const place = await reverse(lat, lng).then(
        (found) => placeFromReverse(lat, lng, found),
        () => placeWhenLookupFails(lat, lng),
      );
      if (ticket !== lookupTicket.current) return;
      setProposal({ id: ticket, lat, lng, place });
    },
    [reverse],
  );

  const dismissProposal = useCallback(() => {
    lookupTicket.current += 1;
    setProposal(null);
  }, []);

  // 'Add this place': the location dialog for it, with its point marked on the map.
  const addProposedPlace = useCallback(() => {
    if (!proposal?.place) return;
    dismissProposal();
    setTemporaryMarker({ lat: proposal.lat, lng: proposal.lng });
    setSelected(proposal.place);
  }, [proposal, dismissProposal]);

  const openPin = useCallback(
    (pin: Pin) => {
      dismissProposal();
      setTemporaryMarker(null);
      setSelected(placeFromPin(pin));
    },
    [dismissProposal],
  );

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
      dismissProposal();
      setTemporaryMarker({ lat: result.lat, lng: result.lng });
      setFocus({ lat: result.lat, lng: result.lng, zoom: FOCUS_ZOOM });
      setSelected(placeFromSearch(result));
    },
    [pinList, focusPin, dismissProposal],
  );

  // Quick upload: the dialog at a placeholder place; the photos' GPS decides where they go (SPEC.md §2).
  // Photos shared to the installed app from the phone's gallery open it with them selected.
  const [sharedFiles, setSharedFiles] = useState<File[] | null>(null);
  const openQuickUpload = useCallback(
    (files: File[] | null = null) => {
      dismissProposal();
      setTemporaryMarker(null);
      setSharedFiles(files);
      setSelected(QUICK_UPLOAD_PLACE);
    },
    [dismissProposal],
  );
  const sharedArrival = useSharedFiles(openQuickUpload);

  // The end of a quick upload: the dialog closes and the map shows every place it added at once.
  const showPlaces = useCallback((placed: readonly Pin[]) => {
    setSelected(null);
    setTemporaryMarker(null);
    const bounds = boundsAround(placed);
    if (bounds) setFocus({ bounds, maxZoom: FOCUS_ZOOM });
  }, []);

  // Moving a pin (decision 086): its dialog gives way to the map, where a drag, a click, Enter at the centre,
  // another pin or a search result chooses the new point, until Save or Cancel in the bar; either reopens
  // the dialog. Opening any place meanwhile leaves the move.
  const [moving, setMoving] = useState<PinMove | null>(null);
  const startMove = useCallback(
    (pin: Pin) => {
      dismissProposal();
      setSelected(null);
      setTemporaryMarker(null);
      setMoving({ pin, lat: pin.lat, lng: pin.lng });
      setFocus({ lat: pin.lat, lng: pin.lng, zoom: FOCUS_ZOOM });
    },
    [dismissProposal],
  );
  const moveTo = useCallback(
    (lat: number, lng: number) => setMoving((current) => current && { ...current, lat, lng }),
    [],
  );
  const moveToChosen = useCallback(
    (chosen: { lat: number; lng: number }) => {
      moveTo(chosen.lat, chosen.lng);
      setFocus({ lat: chosen.lat, lng: chosen.lng, zoom: FOCUS_ZOOM });
    },
    [moveTo],
  );
  const endMove = useCallback((pin: Pin) => {
    setMoving(null);
    setSelected(placeFromPin(pin));
  }, []);
  useEffect(() => {
    if (selected) setMoving(null);
  }, [selected]);
  const movingPinId = moving?.pin.pinId;
  const mapPins = useMemo(
    () => (movingPinId ? spanPins.filter((pin) => pin.pinId !== movingPinId) : spanPins),
    [spanPins, movingPinId],
  );
  const movingOnMap: MovingPin | null = moving && {
    pinId: moving.pin.pinId,
    lat: moving.lat,
    lng: moving.lng,
    onDrag: moveTo,
  };

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
                onSelect={moving ? moveToChosen : chooseResult}
                pins={pinList}
                onSelectPin={moving ? moveToChosen : focusPin}
              />
            </div>
            <button
              type="button"
              onClick={() => openQuickUpload()}
              disabled={offline}
              title={
                offline
                  ? 'Uploads wait until Waymarks is back'
                  : 'Upload photos and videos and auto-detect the location'
              }
              aria-label="Upload: upload photos and videos and auto-detect the location"
              className="flex min-h-11 shrink-0 items-center gap-2 rounded-control bg-brand-700 px-3.5 text-sm font-semibold text-white shadow-card hover:bg-brand-800 active:bg-brand-900 disabled:cursor-not-allowed disabled:bg-slate-500"
            >
              <UploadCloud aria-hidden="true" className="size-5" />
              <span className="hidden sm:inline">Upload</span>
            </button>
          </div>
          {offline ? (
            <div className="absolute inset-x-3 top-[4.25rem] z-[5] sm:right-auto sm:w-96">
              <OfflineNotice savedAt={pins.dataUpdatedAt} />
            </div>
          ) : sharedArrival.lost ? (
            <div className="absolute inset-x-3 top-[4.25rem] z-[5] sm:right-auto sm:w-96">
              <SharedFilesNotice
                onUpload={() => {
                  sharedArrival.dismiss();
                  openQuickUpload();
                }}
                onDismiss={sharedArrival.dismiss}
              />
            </div>
          ) : (
            pins.data?.length === 0 &&
            !hintDismissed && (
              <div className="absolute inset-x-3 top-[4.25rem] z-[5] sm:right-auto sm:w-96">
                <FirstStepHint onUpload={() => openQuickUpload()} onDismiss={() => setHintDismissed(true)} />
              </div>
            )
          )}
          {moving && (
            <div className="absolute inset-x-3 top-[4.25rem] z-[6] sm:right-auto sm:w-96">
              <MovePinBar move={moving} onMoved={endMove} onCancel={() => endMove(moving.pin)} />
            </div>
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
                pins={mapPins}
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
                proposal={proposal}
                onPropose={moving ? moveTo : offline ? ignorePoint : proposePlaceAt}
                onDismissProposal={dismissProposal}
                onAddProposal={addProposedPlace}
                onPinClick={moving ? moveToChosen : openPin}
                moving={movingOnMap}
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
          span={timelineSpan}
          onSpanChange={setTimelineSpan}
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
        onMovePin={startMove}
        onShowOnMap={showPlaces}
        sharedFiles={sharedFiles}
      />
    </>
  );
}
