// The location histories the suites import, server and browser alike: Google's Semantic Location History
// of chosen visits, written as Takeout writes it. No imports, so the browser journeys can use it too.

export interface Visit {
  lat: number;
  lng: number;
  name?: string;
  /** ISO times. */
  start: string;
  end: string;
}

/** A Semantic Location History file of these visits, each a placeVisit, in the order given. */
export function semanticHistory(visits: readonly Visit[]): Buffer {
  const timelineObjects = visits.map((visit) => ({
    placeVisit: {
      location: {
        latitudeE7: Math.round(visit.lat * 1e7),
        longitudeE7: Math.round(visit.lng * 1e7),
        ...(visit.name ? { name: visit.name } : {}),
      },
      duration: { startTimestamp: visit.start, endTimestamp: visit.end },
    },
  }));
  return Buffer.from(JSON.stringify({ timelineObjects }, null, 1));
}
