// Pins grouped into clusters for the zoom and area in view (supercluster). Only what is in view becomes
// a DOM marker, so 10,000 pins cost the same as the few dozen groups they form on screen.
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { Pin } from '@waymarks/shared';

type PinPoint = { pinId: string };
export type ClusterItem =
  | { kind: 'pin'; pin: Pin; lat: number; lng: number }
  | { kind: 'cluster'; id: number; count: number; lat: number; lng: number };

/** Pixel radius within which pins join a cluster, and the zoom from which every pin stands alone. */
const CLUSTER_RADIUS = 56;
export const CLUSTER_MAX_ZOOM = 14;

export class PinClusters {
  private readonly index: Supercluster<PinPoint>;
  private readonly byId = new Map<string, Pin>();

  /**
   * `mapMaxZoom` is the deepest zoom the map goes to: there at the latest every pin stands alone, however
   * close, since no click can take the map further in.
   */
  constructor(pins: readonly Pin[], mapMaxZoom = CLUSTER_MAX_ZOOM + 1) {
    const maxZoom = Math.min(CLUSTER_MAX_ZOOM, mapMaxZoom - 1);
    this.index = new Supercluster<PinPoint>({ radius: CLUSTER_RADIUS, maxZoom });
    for (const pin of pins) this.byId.set(pin.pinId, pin);
    this.index.load(
      pins.map((pin) => ({
        type: 'Feature' as const,
        properties: { pinId: pin.pinId },
        geometry: { type: 'Point' as const, coordinates: [pin.lng, pin.lat] },
      })),
    );
  }

  /** Clusters and single pins inside a west, south, east, north box at a zoom level. */
  itemsIn(bbox: [number, number, number, number], zoom: number): ClusterItem[] {
    const items: ClusterItem[] = [];
    for (const feature of this.index.getClusters(bbox, Math.floor(zoom))) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties as Partial<ClusterProperties> & Partial<PinPoint>;
      if (properties.cluster && typeof properties.cluster_id === 'number') {
        items.push({
          kind: 'cluster',
          id: properties.cluster_id,
          count: properties.point_count ?? 0,
          lat,
          lng,
        });
      } else if (properties.pinId) {
        const pin = this.byId.get(properties.pinId);
        if (pin) items.push({ kind: 'pin', pin, lat, lng });
      }
    }
    return items;
  }

  /** The zoom at which a cluster splits apart: where a click on it should take the map. */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }
}

/**
 * The box of the view widened by half its size on each side, so markers are there before a pan brings
 * them in. Longitudes may run past ±180 when the view crosses the antimeridian: supercluster wraps them.
 */
export function paddedBounds(
  west: number,
  south: number,
  east: number,
  north: number,
): [number, number, number, number] {
  const width = east - west;
  const height = north - south;
  const lat = (value: number) => Math.min(90, Math.max(-90, value));
  if (width * 2 >= 360) return [-180, lat(south - height / 2), 180, lat(north + height / 2)];
  return [west - width / 2, lat(south - height / 2), east + width / 2, lat(north + height / 2)];
}
