// The pins list as last written, per traveller, kept while it is current. Writing a 10,000-pin list costs
// the database about 20 ms (SQLite, in this process) to 60 ms (PostgreSQL) and the server the handling of
// a 3.3 MB text; a traveller's list is read far more often than it changes (every dashboard visit, every
// return to the tab). Each entry carries the number the database keeps for the traveller's pins
// (migration 0010: triggers change it with every write to their pins), so an entry is served only while
// that number stands, on any instance of the service: a change made through another instance is seen
// at the next request.

/**
 * What one server process keeps at most, in a VersionedCache (common/versioned-cache.ts): a few dozen of
 * the largest lists (10,000 pins: 3.3 MB), or thousands of typical ones.
 */
export const PIN_LIST_CACHE_BYTES = 64 * 1024 * 1024;
