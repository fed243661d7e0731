// What the account's export reads of a traveller's imports, without importing the imports module: its
// ImportsRepository implements it; services.ts hands it to the account module.

/** One import as the export writes it: what it was, and the places it holds (the kept ones once done). */
export interface ImportRecord {
  importId: string;
  status: string;
  format: string | null;
  fileNames: string[];
  createdAt: string;
  committedAt: string | null;
  places: {
    title: string;
    lat: number;
    lng: number;
    countryCode: string;
    firstVisit: string | null;
    lastVisit: string | null;
    visits: number;
    /** The pin it made or matched, once committed. */
    pinId: string | null;
  }[];
}

export interface TravellerImports {
  /** Every import of the traveller, oldest first, with its places. */
  exportOf(userId: string): Promise<ImportRecord[]>;
}
