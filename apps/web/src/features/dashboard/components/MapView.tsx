// The dashboard map (SPEC.md §2, §4 Map, §9): MapLibre over the app's own named basemap (or the
// operator's MAP_STYLE_URL / MAP_PMTILES), a globe at world zooms unless switched off, visited countries
// in green, pins as clustered markers with a key to their colours.
// It opens on the world, then fits the traveller's places once they load (decision 083). A place is never
// opened straight from the map: a click (a long press on a phone), Enter on the focused map or the add
// button offers the point in a popup first, whose 'Add this place' opens it. Markers are buttons, so the
// keyboard reaches them with Tab; on the focused map, arrow keys pan and + and - zoom.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import MapGL, { AttributionControl, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import type { Map as MaplibreMap, ProjectionSpecification } from 'maplibre-gl';
import { Globe, Map as FlatMapIcon, MapPinPlus } from 'lucide-react';
import type { Pin } from '@waymarks/shared';
import { connection } from '../../../lib/connection';
import { webglAvailable } from '../../../lib/webgl';
import {
  BUILT_IN_MAX_ZOOM,
  MAP_COLORS,
  VISITED_LAYER_ID,
  addVisitedLayer,
  chooseBasemap,
  type Basemap,
  setupMaplibre,
  visitedFilter,
} from '../../map';
import { PinClusters, paddedBounds, type ClusterItem } from '../clusters';
import { watchPlaceGestures } from '../map-gestures';
import type { MapBounds } from '../map-bounds';
import { MovePinLayer, type MovingPin } from './MovePinLayer';
import { MapLegend } from './MapLegend';
import { ClusterMarker, PinMarker, TemporaryMarker } from './PinMarkers';
import { PlacePopup, type PlaceProposal } from './PlacePopup';

/**
 * A globe at world zooms that flattens into the usual map as one zooms in: fully a globe up to zoom 4,
 * fully flat from zoom 6, so a country or a city is always seen on the familiar flat map.
 */
export const GLOBE_PROJECTION: ProjectionSpecification = {
  type: ['interpolate', ['linear'], ['zoom'], 4, 'vertical-perspective', 6, 'mercator'],
};
const FLAT_PROJECTION: ProjectionSpecification = { type: 'mercator' };

/**
 * Where the map opens (decision 083): the whole world, the widest zoom there is, the view a traveller with
 * no places keeps (it replaces SPEC.md §9's New York at zoom 3).
 */
export const WORLD_VIEW = { latitude: 20, longitude: 0, zoom: 1 } as const;

/** Where the map goes: a point at a zoom, or a box of places shown whole (no closer than maxZoom). */
export type MapFocus = (
  { lat: number; lng: number; zoom: number } | { bounds: MapBounds; maxZoom: number }
) & {
  /** Move at once (the opening view) rather than fly. */
  instant?: boolean;
};

/**
 * Room left round a fitted box: the search box and Upload button along the top, the zoom and map buttons
 * on the right, the credits and the key at the bottom, so no pin lands under them. The same on opposite
 * sides, so the box's middle is the map's: a single place is fitted to the very centre.
 */
const FIT_PADDING = { top: 72, right: 64, bottom: 72, left: 64 };

export interface MapViewProps {
  pins: readonly Pin[];
  showPins: boolean;
  highlightCountries: boolean;
  /** Verified pins purple with '✓ Verified' (plus and pro); plain markers otherwise. */
  verificationBadges: boolean;
  /** A globe at world zooms (the showGlobe preference), else a flat map at every zoom. */
  globe: boolean;
  onGlobeChange: (globe: boolean) => void;
  visitedCodes: readonly string[];
  /** A chosen search result or an added place not saved yet. */
  temporaryMarker: { lat: number; lng: number } | null;
  focus: MapFocus | null;
  /** The point offered in the popup, if any. */
  proposal: PlaceProposal | null;
  /** Offer the place at a point (a click, a long press, Enter, the add button). */
  onPropose: (lat: number, lng: number) => void;
  onDismissProposal: () => void;
  /** 'Add this place': open the offered place. */
  onAddProposal: () => void;
  onPinClick: (pin: Pin) => void;
  /** A pin being moved: drawn at its new point and dragged there (MovePinLayer, decision 086). */
  moving?: MovingPin | null;
}

type Status = 'loading' | 'ready' | 'failed';

/** MapLibre folds the credits into an (i) button on maps this wide or narrower. */
const PHONE_MAP_WIDTH = 640;

/** A performance mark set when the map first settles (all tiles drawn, no movement). */
export const MAP_IDLE_MARK = 'waymarks:map-idle';

const maplibre = setupMaplibre();

export default function MapView({
  pins,
  showPins,
  highlightCountries,
  verificationBadges,
  globe,
  onGlobeChange,
  visitedCodes,
  temporaryMarker,
  focus,
  proposal,
  onPropose,
  onDismissProposal,
  onAddProposal,
  onPinClick,
  moving = null,
}: MapViewProps) {
  const mapRef = useRef<MapRef>(null);
  const [webgl] = useState(webglAvailable);
  const [status, setStatus] = useState<Status>(webgl ? 'loading' : 'failed');
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  const style = basemap?.style;
  const maxZoom = basemap?.maxZoom ?? BUILT_IN_MAX_ZOOM;
  const [view, setView] = useState<{ bbox: [number, number, number, number]; zoom: number } | null>(null);

  // The style is chosen once: a new style object would make the map restyle and drop its filters.
  useEffect(() => {
    if (!webgl) return;
    let cancelled = false;
    chooseBasemap().then(
      (chosen) => !cancelled && setBasemap(chosen),
      () => !cancelled && setStatus('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [webgl]);

  const clusters = useMemo(() => new PinClusters(pins, maxZoom), [pins, maxZoom]);
  const items: ClusterItem[] = useMemo(
    () => (showPins && view ? clusters.itemsIn(view.bbox, view.zoom) : []),
    [clusters, showPins, view],
  );

  const readView = useCallback(() => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = map.getBounds();
    setView({
      bbox: paddedBounds(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()),
      zoom: map.getZoom(),
    });
  }, []);

  // The visited-country layer follows the pins and the highlighting switch.
  const applyHighlight = useCallback(
    (map: MaplibreMap) => {
      if (!map.getLayer(VISITED_LAYER_ID)) return;
      map.setFilter(VISITED_LAYER_ID, visitedFilter([...visitedCodes]));
      map.setLayoutProperty(VISITED_LAYER_ID, 'visibility', highlightCountries ? 'visible' : 'none');
    },
    [visitedCodes, highlightCountries],
  );

  const applyHighlightRef = useRef(applyHighlight);
  useEffect(() => {
    applyHighlightRef.current = applyHighlight;
    const map = mapRef.current?.getMap();
    if (map && status === 'ready') applyHighlight(map);
  }, [applyHighlight, status]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !focus || status !== 'ready') return;
    if ('bounds' in focus) {
      map.fitBounds(focus.bounds, {
        padding: FIT_PADDING,
        maxZoom: focus.maxZoom,
        ...(focus.instant ? { animate: false } : { duration: 900 }),
      });
      return;
    }
    const target = { center: [focus.lng, focus.lat] as [number, number], zoom: focus.zoom };
    if (focus.instant) map.jumpTo(target);
    else map.flyTo({ ...target, duration: 900 });
  }, [focus, status]);

  // Tiles asked for while the server could not be reached failed and stay blank: ask again once it is back.
  useEffect(
    () =>
      connection.onReconnect(() => {
        const map = mapRef.current?.getMap();
        if (map) reloadTiles(map);
      }),
    [],
  );

  const offerCentre = useCallback(() => {
    const map = mapRef.current;
    if (!map) return;
    const centre = map.getCenter().wrap();
    onPropose(centre.lat, centre.lng);
  }, [onPropose]);

  // The popup closed from inside (Escape, Close): the keyboard goes on from the map.
  const closeProposal = useCallback(() => {
    mapRef.current?.getCanvas().focus({ preventScroll: true });
    onDismissProposal();
  }, [onDismissProposal]);

  // A click offers its point, a long press too, a tap closes the offer (map-gestures.ts).
  const gestureEffects = useRef({ offer: onPropose, dismiss: onDismissProposal });
  useEffect(() => {
    gestureEffects.current = { offer: onPropose, dismiss: onDismissProposal };
  }, [onPropose, onDismissProposal]);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || status !== 'ready') return;
    return watchPlaceGestures(map, {
      offer: (lat, lng) => gestureEffects.current.offer(lat, lng),
      dismiss: () => gestureEffects.current.dismiss(),
    });
  }, [status]);

  // Enter on the focused map offers the place at its centre.
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || status !== 'ready') return;
    const canvas = map.getCanvas();
    canvas.setAttribute(
      'aria-label',
      'World map. Arrow keys move the map, plus and minus zoom, Enter shows the place at the centre.',
    );
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      offerCentre();
    };
    canvas.addEventListener('keydown', onKeyDown);
    return () => canvas.removeEventListener('keydown', onKeyDown);
  }, [status, offerCentre]);

  if (status === 'failed') {
    return (
      <div
        role="alert"
        className="flex h-full items-center justify-center bg-sky-50 p-6 text-center text-slate-700"
      >
        <p className="max-w-sm">
          The map cannot be shown in this browser: it needs WebGL, which is turned off or not supported.
          Search still works, and your pins and stats are safe.
        </p>
      </div>
    );
  }

  return (
    <div
      className="relative h-full w-full bg-[#cfe3ef]"
      style={status === 'ready' && globe ? { backgroundColor: MAP_COLORS.space } : undefined}
      data-map-status={status}
    >
      {style && (
        <MapGL
          ref={mapRef}
          mapLib={maplibre}
          mapStyle={style}
          initialViewState={WORLD_VIEW}
          projection={globe ? GLOBE_PROJECTION : FLAT_PROJECTION}
          attributionControl={false}
          dragRotate={false}
          pitchWithRotate={false}
          touchPitch={false}
          minZoom={1}
          maxZoom={maxZoom}
          style={{ width: '100%', height: '100%' }}
          onLoad={(event) => {
            const map = event.target;
            if (typeof style === 'string') {
              // An operator's style: add the visited layer now and again whenever the style reloads.
              const origin = window.location.origin;
              addVisitedLayer(map, origin);
              map.on('style.load', () => {
                addVisitedLayer(map, origin);
                applyHighlightRef.current(map);
              });
            }
            map.touchZoomRotate.disableRotation();
            // On a phone the credits start folded behind their (i) button, as after a first drag, so
            // they leave room for the controls along the map's bottom edge.
            if (map.getContainer().offsetWidth <= PHONE_MAP_WIDTH) {
              map
                .getContainer()
                .querySelector('.maplibregl-ctrl-attrib')
                ?.classList.remove('maplibregl-compact-show');
            }
            applyHighlight(map);
            setStatus('ready');
            readView();
          }}
          onMoveEnd={readView}
          onIdle={() => {
            // Read by the dashboard benchmark: navigation to the map's first idle frame.
            if (performance.getEntriesByName(MAP_IDLE_MARK).length === 0) performance.mark(MAP_IDLE_MARK);
          }}
          onError={(event) => {
            // A tile or style that fails after load is logged; the map keeps what it has.
            console.error('Map error', event.error);
          }}
        >
          <NavigationControl position="bottom-right" showCompass={false} />
          <AttributionControl position="bottom-left" compact />
          {items.map((item) =>
            item.kind === 'cluster' ? (
              <ClusterMarker
                key={`c${item.id}`}
                count={item.count}
                lat={item.lat}
                lng={item.lng}
                onClick={() =>
                  mapRef.current?.easeTo({
                    center: [item.lng, item.lat],
                    zoom: Math.min(clusters.expansionZoom(item.id), maxZoom),
                    duration: 500,
                  })
                }
              />
            ) : (
              <PinMarker
                key={item.pin.pinId}
                pin={item.pin}
                lat={item.lat}
                lng={item.lng}
                verificationBadges={verificationBadges}
                onClick={() => onPinClick(item.pin)}
              />
            ),
          )}
          {temporaryMarker && <TemporaryMarker lat={temporaryMarker.lat} lng={temporaryMarker.lng} />}
          {moving && <MovePinLayer moving={moving} />}
          {proposal && <PlacePopup proposal={proposal} onAdd={onAddProposal} onClose={closeProposal} />}
        </MapGL>
      )}
      {status === 'ready' && showPins && pins.length > 0 && (
        <div className="absolute bottom-10 left-2.5 z-[2]">
          <MapLegend verificationBadges={verificationBadges} />
        </div>
      )}
      {status === 'ready' && (
        <button
          type="button"
          onClick={offerCentre}
          aria-label="Add a place at the map centre"
          title="Add a place at the map centre"
          className="absolute bottom-[8.5rem] right-2.5 z-[2] flex size-11 items-center justify-center rounded-control border border-slate-300 bg-white text-slate-800 shadow-card hover:bg-slate-50"
        >
          <MapPinPlus aria-hidden="true" className="size-5" />
        </button>
      )}
      {status === 'ready' && (
        <button
          type="button"
          aria-pressed={globe}
          onClick={() => onGlobeChange(!globe)}
          title={globe ? 'Globe view: on (a flat map from zoom 6)' : 'Globe view: off'}
          className="absolute bottom-[5.25rem] right-2.5 z-[2] flex size-11 items-center justify-center rounded-control border border-slate-300 bg-white text-slate-800 shadow-card hover:bg-slate-50 aria-pressed:text-brand-700"
        >
          {globe ? (
            <Globe aria-hidden="true" className="size-5" />
          ) : (
            <FlatMapIcon aria-hidden="true" className="size-5" />
          )}
          <span className="sr-only">Globe view</span>
        </button>
      )}
      {status === 'loading' && (
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center text-sm font-medium text-slate-700"
        >
          Loading map…
        </div>
      )}
    </div>
  );
}

/** Asks every tiled source of the map's style for its tiles again. */
function reloadTiles(map: MaplibreMap): void {
  for (const [id, spec] of Object.entries(map.getStyle().sources)) {
    const source = map.getSource(id);
    if (!source || !('tiles' in spec) || !spec.tiles || !('setTiles' in source)) continue;
    (source as unknown as { setTiles(tiles: string[]): void }).setTiles(spec.tiles);
  }
}
