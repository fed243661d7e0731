// The creator view of the avatar dialog: the figure drawn live as parts are chosen, a tab per category,
// and each part with what it takes to wear it. Locked parts say what unlocks them; parts the plan cannot
// wear say so. Saving stores the parts and a render of them; a failure goes back to the overview.
import { useState } from 'react';
import { Check, Lock } from 'lucide-react';
import {
  AVATAR_CATEGORIES,
  REQUIRED_AVATAR_CATEGORIES,
  type AvatarCategory,
  type AvatarItemView,
  type AvatarParts,
} from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import { Tabs } from '../../../components/ui/Tabs';
import { lookOf, savableParts, type SavableParts } from '../parts';
import { AvatarViewer, type AvatarExports } from './AvatarViewer';

export const CATEGORY_LABELS: Record<AvatarCategory, string> = {
  body: 'Build',
  skin: 'Skin',
  face: 'Face',
  hair: 'Hair',
  top: 'Top',
  bottom: 'Bottom',
  shoes: 'Shoes',
  headwear: 'Headwear',
  accessory: 'Accessory',
  flag: 'Flag',
};

const REQUIRED: readonly AvatarCategory[] = REQUIRED_AVATAR_CATEGORIES;

export function AvatarCreator({
  items,
  initial,
  saving,
  onSave,
  onCancel,
}: {
  items: readonly AvatarItemView[];
  initial: AvatarParts;
  saving: boolean;
  onSave: (parts: SavableParts, exports: AvatarExports | null) => void;
  onCancel: () => void;
}) {
  const [parts, setParts] = useState<AvatarParts>(initial);
  const [category, setCategory] = useState<AvatarCategory>('body');
  const [exports, setExports] = useState<AvatarExports | null>(null);
  const savable = savableParts(parts, items);

  const choose = (id: string | undefined) =>
    setParts((current) => {
      const next = { ...current };
      if (id === undefined) delete next[category];
      else next[category] = id;
      return next;
    });

  return (
    <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto p-4 md:grid-cols-[minmax(0,auto)_minmax(0,1fr)] md:p-6">
      <div className="flex justify-center md:items-start">
        <AvatarViewer
          look={lookOf(parts, items)}
          size="medium"
          label="Your avatar, as chosen"
          onReady={setExports}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <Tabs
          label="Avatar parts"
          tabs={AVATAR_CATEGORIES.map((id) => ({ id, label: CATEGORY_LABELS[id] }))}
          selected={category}
          onSelect={setCategory}
        >
          <PartPicker
            category={category}
            items={items.filter((item) => item.category === category)}
            chosen={parts[category]}
            onChoose={choose}
          />
        </Tabs>
        <div className="mt-auto flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button
            busy={saving}
            disabled={savable === null}
            onClick={() => savable && onSave(savable, exports)}
          >
            {saving ? 'Saving...' : 'Save Avatar'}
          </Button>
        </div>
      </div>
    </div>
  );
}

function PartPicker({
  category,
  items,
  chosen,
  onChoose,
}: {
  category: AvatarCategory;
  items: readonly AvatarItemView[];
  chosen: string | undefined;
  onChoose: (id: string | undefined) => void;
}) {
  // 195 flags would bury the few a traveller has: only theirs are listed, with a word on the rest.
  const shown = category === 'flag' ? items.filter((item) => item.unlocked) : items;
  const hidden = items.length - shown.length;
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={CATEGORY_LABELS[category]}>
        {!REQUIRED.includes(category) && (
          <li>
            <PartButton name="None" pressed={chosen === undefined} onClick={() => onChoose(undefined)} />
          </li>
        )}
        {shown.map((item) => (
          <li key={item.id}>
            <PartButton
              name={item.name}
              rarity={item.rarity}
              color={item.category === 'flag' ? undefined : item.look.color}
              pressed={chosen === item.id}
              note={
                !item.unlocked
                  ? item.unlockHint
                  : !item.wearable
                    ? `Upgrade your plan to wear ${item.rarity} parts`
                    : undefined
              }
              locked={!item.wearable}
              onClick={() => onChoose(item.id)}
            />
          </li>
        ))}
      </ul>
      {category === 'flag' && (
        <p className="text-sm text-slate-600">
          {shown.length === 0
            ? 'Pin a place in a country to unlock its flag.'
            : `${hidden} more flags unlock as you visit their countries.`}
        </p>
      )}
    </div>
  );
}

function PartButton({
  name,
  rarity,
  color,
  pressed,
  note,
  locked = false,
  onClick,
}: {
  name: string;
  rarity?: string;
  color?: string | undefined;
  pressed: boolean;
  note?: string | undefined;
  locked?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={locked}
      onClick={onClick}
      className={`flex min-h-16 w-full items-start gap-2.5 rounded-control border p-2.5 text-left text-sm transition-colors disabled:cursor-not-allowed ${
        pressed
          ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
          : 'border-slate-200 bg-white hover:border-slate-300 disabled:bg-slate-50'
      }`}
    >
      {color && (
        <span
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 rounded-full ring-1 ring-slate-900/10"
          style={{ backgroundColor: color }}
        />
      )}
      <span className="flex min-w-0 flex-col">
        <span className={`font-medium ${locked ? 'text-slate-500' : 'text-slate-900'}`}>{name}</span>
        {rarity && <span className="text-xs capitalize text-slate-600">{rarity}</span>}
        {note && (
          <span className="mt-0.5 flex items-start gap-1 text-xs text-slate-600">
            <Lock aria-hidden="true" className="mt-px size-3 shrink-0" />
            {note}
          </span>
        )}
      </span>
      {pressed && <Check aria-hidden="true" className="ml-auto size-4 shrink-0 text-brand-700" />}
    </button>
  );
}
