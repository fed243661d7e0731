// The places module's public entry: its routes for app.ts (search and reverse lookup over the gazetteer).
export { placesRoutes } from './places.routes.js';
