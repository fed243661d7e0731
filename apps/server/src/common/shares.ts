// What the account's export reads of a traveller's travel page, without importing the share module: its
// ShareService implements it; services.ts hands it to the account module.
import type { ShareSettings } from '@waymarks/shared';

export interface TravellerShare {
  /** The travel page's settings as GET /api/share answers them; null when they were never set. */
  exportOf(userId: string): Promise<ShareSettings | null>;
}
