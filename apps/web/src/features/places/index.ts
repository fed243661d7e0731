// Places on the map (a saved pin, a search result, a clicked point) and the lookups that name them.
export * from './place';
export { usePlaceLookups } from './api/places';
