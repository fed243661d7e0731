// The wardrobe as the server answers it, for tests: every catalogue part, with only the starting parts
// unlocked. Imported by tests only.
import { avatarItems, type AvatarItemView } from '@waymarks/shared';

/** `wearable` decides, part by part, what the plan lets the traveller wear (by default: what is unlocked). */
export function wardrobe({
  wearable = (item: AvatarItemView) => item.unlocked,
}: { wearable?: (item: AvatarItemView) => boolean } = {}): AvatarItemView[] {
  return avatarItems().map((item) => {
    const view: AvatarItemView = {
      id: item.id,
      name: item.name,
      category: item.category,
      subcategory: item.subcategory,
      rarity: item.rarity,
      unlocked: item.unlock.kind === 'start',
      wearable: false,
      unlockHint: 'Visit 5 countries',
      look: item.look,
    };
    return { ...view, wearable: wearable(view) };
  });
}
