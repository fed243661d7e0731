// The Share contract (issue 27): /api/share. A traveller's public travel page at /t/{token}: off until
// turned on, its parts chosen, its address regenerated or turned off at once.
import { z } from 'zod';
import { SHARE_LIMITS, SHARE_MESSAGES } from '../share-rules.js';

const hiddenCountries = z
  .array(z.string().regex(/^[A-Z]{2}$/, SHARE_MESSAGES.hiddenCountry))
  .max(SHARE_LIMITS.hiddenCountriesMax, SHARE_MESSAGES.tooManyHidden)
  .describe('ISO 3166-1 alpha-2 codes of countries left off the page, with their pins and photos');

/** The page's parts, each shown (true) or not. */
const sectionFields = {
  showMap: z.boolean().describe('The world map with visited countries filled and the pins'),
  showStats: z.boolean().describe('Countries out of 195, cities and continents'),
  showTimeline: z.boolean().describe('The places by year'),
  showAvatar: z.boolean().describe('The avatar portrait'),
  showPhotos: z.boolean().describe('Photos of the places whose sharePhotos is on'),
};

export const ShareSettings = z
  .object({
    enabled: z.boolean(),
    url: z.string().nullable().describe('/t/{token} while the page is on; null while it is off'),
    ...sectionFields,
    indexable: z.boolean().describe('Search engines may index the page; false sends noindex'),
    hiddenCountries,
    photoPins: z
      .array(z.string())
      .describe('pinIds of the places whose photos the page shows (PUT /api/pins/:pinId sharePhotos)'),
    hiddenPins: z
      .array(z.string())
      .describe('pinIds of the places left off the page (PUT /api/pins/:pinId hiddenFromShare)'),
    updatedAt: z.string().nullable().describe('When the settings last changed; null before the first'),
  })
  .describe('ShareSettings');
export type ShareSettings = z.infer<typeof ShareSettings>;

export const ShareUpdateRequest = z.strictObject({
  enabled: z.boolean(),
  showMap: sectionFields.showMap.optional(),
  showStats: sectionFields.showStats.optional(),
  showTimeline: sectionFields.showTimeline.optional(),
  showAvatar: sectionFields.showAvatar.optional(),
  showPhotos: sectionFields.showPhotos.optional(),
  indexable: z.boolean().optional(),
  hiddenCountries: hiddenCountries.optional(),
});
export type ShareUpdateRequest = z.input<typeof ShareUpdateRequest>;

export const ShareRegenerateResponse = z.object({
  url: z.string().describe('The new /t/{token}; the old address answers 404 from now on'),
});
export type ShareRegenerateResponse = z.infer<typeof ShareRegenerateResponse>;
