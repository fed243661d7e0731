// The pin being moved (decision 086): drawn larger, with a ring, at the point chosen so far, and dragged
// to another with a mouse or a finger. A click or long press on the map, Enter on the focused map and a
// search result choose a point too; the dashboard passes those here as the new point.
import { Marker } from 'react-map-gl/maplibre';
import { MARKER_COLORS } from '../../places';
import { PinShape } from './PinMarkers';

/** A pin on its way to a new point, and what a drag of it tells. */
export interface MovingPin {
  pinId: string;
  lat: number;
  lng: number;
  /** The marker was dropped at a point. */
  onDrag: (lat: number, lng: number) => void;
}

export function MovePinLayer({ moving }: { moving: MovingPin }) {
  return (
    <Marker
      longitude={moving.lng}
      latitude={moving.lat}
      anchor="bottom"
      draggable
      className="z-10 cursor-grab active:cursor-grabbing"
      // A click on the pin is not a click on the map: it would choose the point just above its tip.
      onClick={(event) => event.originalEvent.stopPropagation()}
      onDragEnd={(event) => {
        const point = event.lngLat.wrap();
        moving.onDrag(point.lat, point.lng);
      }}
    >
      <span data-moving-pin className="relative flex size-14 items-end justify-center">
        <span
          aria-hidden="true"
          className="absolute bottom-0 left-1/2 size-4 -translate-x-1/2 translate-y-1/2 rounded-full bg-brand-700/30 ring-4 ring-brand-700/20"
        />
        <PinShape color={MARKER_COLORS.plain} className="relative h-11 w-8 drop-shadow-lg" />
      </span>
    </Marker>
  );
}
