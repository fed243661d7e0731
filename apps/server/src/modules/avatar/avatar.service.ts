// The avatar's wardrobe for a traveller (issue 14; SPEC.md §7 Avatar): every part with whether travel has
// unlocked it and whether the plan lets it be worn, the unlocked ids, the achievements and the figures
// unlocks follow. The catalogue and the rules live in packages/shared (avatar/).
import {
  achievementsFor,
  avatarItems,
  continentCount,
  countedStates,
  isUnlocked,
  TIER_AVATAR_LEVEL,
  unlockHint,
  wearableRarities,
  type AvatarAchievementsResponse,
  type AvatarFigures,
  type AvatarItemsQuery,
  type AvatarItemsResponse,
  type AvatarProgress,
  type AvatarUnlockedResponse,
} from '@waymarks/shared';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import type { CountriesRepository } from '../countries/countries.repository.js';
import type { AvatarRepository } from './avatar.repository.js';

/** The query as validated: `unlocked` is a boolean by then. */
type ItemsFilter = Omit<AvatarItemsQuery, 'unlocked'> & { unlocked?: boolean | undefined };

export class AvatarService {
  constructor(
    private readonly avatars: AvatarRepository,
    private readonly countries: Pick<CountriesRepository, 'countryCodes'>,
  ) {}

  async items(user: UserRow, filter: ItemsFilter): Promise<AvatarItemsResponse> {
    const figures = await this.figures(user);
    const wearable = new Set(wearableRarities(tierOf(user)));
    const items = avatarItems()
      .filter(
        (item) =>
          (filter.category === undefined || item.category === filter.category) &&
          (filter.subcategory === undefined || item.subcategory === filter.subcategory) &&
          (filter.rarity === undefined || item.rarity === filter.rarity),
      )
      .map((item) => {
        const unlocked = isUnlocked(item, figures);
        return {
          id: item.id,
          name: item.name,
          category: item.category,
          subcategory: item.subcategory,
          rarity: item.rarity,
          unlocked,
          wearable: unlocked && wearable.has(item.rarity),
          unlockHint: unlockHint(item),
          look: item.look,
        };
      })
      .filter((item) => filter.unlocked === undefined || item.unlocked === filter.unlocked);
    return { items };
  }

  async unlocked(user: UserRow): Promise<AvatarUnlockedResponse> {
    const figures = await this.figures(user);
    return {
      itemIds: avatarItems()
        .filter((item) => isUnlocked(item, figures))
        .map((item) => item.id),
    };
  }

  async achievements(user: UserRow): Promise<AvatarAchievementsResponse> {
    const figures = await this.figures(user);
    return { achievements: achievementsFor(figures.countries.length) };
  }

  async progress(user: UserRow): Promise<AvatarProgress> {
    const figures = await this.figures(user);
    return {
      countriesVisited: figures.countries.length,
      continentsVisited: figures.continents,
      verifiedPins: figures.verifiedPins,
      unlockedCount: unlockedItems(figures).length,
      totalCount: avatarItems().length,
      customizationLevel: TIER_AVATAR_LEVEL[tierOf(user)],
    };
  }

  private async figures(user: UserRow): Promise<AvatarFigures> {
    const [codes, verifiedPins] = await Promise.all([
      this.countries.countryCodes(user.id),
      this.avatars.verifiedPinCount(user.id),
    ]);
    const countries = [...countedStates(codes)];
    return { countries, continents: continentCount(countries), verifiedPins };
  }
}

const unlockedItems = (figures: AvatarFigures) => avatarItems().filter((item) => isUnlocked(item, figures));
