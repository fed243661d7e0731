// The preview's places on the map (issue 26): one dot a place, drawn by MapLibre as a layer so thousands
// stay light; chosen, not chosen and already on the map in their own colours, with a key. The list beside
// it is where places are chosen, by mouse or keyboard; the map shows where they are. Loaded on its own,
// like the dashboard's map, and only where WebGL is.
import { useEffect, useMemo, useState } from 'react';
import MapGL, { AttributionControl, Layer, NavigationControl, Source } from 'react-map-gl/maplibre';
import type { FeatureCollection, Point } from 'geojson';
import type { ImportPlace } from '@waymarks/shared';
import { chooseBasemap, setupMaplibre, type Basemap } from '../../map';
import { isMatched } from '../selection';

const maplibre = setupMaplibre();

const COLOURS = { chosen: '#135f61', left: '#94a3b8', matched: '#c2410c' } as const;
type Kind = keyof typeof COLOURS;

const KEY: { kind: Kind; label: string }[] = [
  { kind: 'chosen', label: 'Chosen' },
  { kind: 'left', label: 'Not chosen' },
  { kind: 'matched', label: 'Already on your map' },
];

/** The box round every place, or null for none. */
function boundsOf(places: readonly ImportPlace[]): [number, number, number, number] | null {
  if (places.length === 0) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const { lat, lng } of places) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}

export default function ImportMap({
  places,
  chosen,
}: {
  places: readonly ImportPlace[];
  chosen: ReadonlySet<string>;
}) {
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    chooseBasemap().then(
      (chosenBasemap) => !cancelled && setBasemap(chosenBasemap),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const bounds = useMemo(() => boundsOf(places), [places]);
  const dots = useMemo<FeatureCollection<Point, { kind: Kind }>>(
    () => ({
      type: 'FeatureCollection',
      features: places.map((place) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
        properties: {
          kind: isMatched(place) ? 'matched' : chosen.has(place.placeKey) ? 'chosen' : 'left',
        },
      })),
    }),
    [places, chosen],
  );

  if (failed || !bounds) return null;
  return (
    <figure className="flex flex-col gap-2">
      <div className="h-64 overflow-hidden rounded-control border border-slate-200 bg-[#cfe3ef] sm:h-80">
        {basemap && (
          <MapGL
            mapLib={maplibre}
            mapStyle={basemap.style}
            initialViewState={{
              bounds,
              fitBoundsOptions: { padding: { top: 24, right: 56, bottom: 48, left: 24 }, maxZoom: 10 },
            }}
            attributionControl={false}
            dragRotate={false}
            touchPitch={false}
            minZoom={1}
            maxZoom={basemap.maxZoom}
            style={{ width: '100%', height: '100%' }}
            onLoad={(event) => {
              event.target.touchZoomRotate.disableRotation();
              event.target.getCanvas().setAttribute('aria-label', 'Map of the places found');
            }}
          >
            <NavigationControl position="bottom-right" showCompass={false} />
            <AttributionControl position="bottom-left" compact />
            <Source id="import-places" type="geojson" data={dots}>
              <Layer
                id="import-places"
                type="circle"
                paint={{
                  'circle-radius': 5,
                  'circle-stroke-width': 1.5,
                  'circle-stroke-color': '#ffffff',
                  'circle-color': [
                    'match',
                    ['get', 'kind'],
                    'chosen',
                    COLOURS.chosen,
                    'matched',
                    COLOURS.matched,
                    COLOURS.left,
                  ],
                }}
              />
            </Source>
          </MapGL>
        )}
      </div>
      <figcaption>
        <ul aria-label="Map key" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {KEY.map(({ kind, label }) => (
            <li key={kind} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-3 rounded-full border border-white shadow"
                style={{ backgroundColor: COLOURS[kind] }}
              />
              {label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
