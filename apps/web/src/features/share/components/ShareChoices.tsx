// What the travel page shows, each choice saved as it is made: its sections, whether search engines may
// list it, and the countries left off it (with their places and photos).
import { useId, type ReactNode } from 'react';
import {
  SHARE_SECTIONS,
  SHARE_SECTION_LABELS,
  type ShareSection,
  type ShareSettings,
} from '@waymarks/shared';
import { CountryFlag } from '../../../components/CountryFlag';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { useCountries } from '../../pins';
import type { ShareChoices as Choices } from '../api/share';
import { SHARE_TEXTS } from '../messages';

type SectionField = 'showMap' | 'showStats' | 'showTimeline' | 'showAvatar' | 'showPhotos';

const SECTION_FIELDS: Record<ShareSection, SectionField> = {
  map: 'showMap',
  stats: 'showStats',
  timeline: 'showTimeline',
  avatar: 'showAvatar',
  photos: 'showPhotos',
};

function Checkbox({
  checked,
  onChange,
  children,
  hint,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  hint?: string;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control px-2 py-2 hover:bg-slate-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 accent-brand-700"
        />
        <span className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
          {children}
        </span>
      </label>
      {hint && (
        <p id={hintId} className="pl-10 pr-2 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

function HiddenCountries({
  hidden,
  onChange,
}: {
  hidden: readonly string[];
  onChange: (hiddenCountries: string[]) => void;
}) {
  const countries = useCountries();
  const toggle = (code: string, hide: boolean) =>
    onChange(hide ? [...new Set([...hidden, code])].sort() : hidden.filter((each) => each !== code));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-semibold text-slate-900">{SHARE_TEXTS.hiddenLegend}</legend>
      <p className="text-sm text-slate-600">{SHARE_TEXTS.hiddenHint}</p>
      {countries.isPending ? (
        <Spinner label="Loading your countries…" className="size-5 text-brand-700" />
      ) : countries.isError ? (
        <Alert tone="error">{SHARE_TEXTS.countriesFailed}</Alert>
      ) : countries.data.countries.length === 0 ? (
        <p className="text-sm text-slate-600">{SHARE_TEXTS.noCountries}</p>
      ) : (
        <ul aria-label="Your countries" className="grid max-h-72 gap-x-4 overflow-y-auto sm:grid-cols-2">
          {[...countries.data.countries]
            .sort((a, b) => a.countryName.localeCompare(b.countryName, 'en'))
            .map((country) => (
              <li key={country.countryCode}>
                <Checkbox
                  checked={hidden.includes(country.countryCode)}
                  onChange={(hide) => toggle(country.countryCode, hide)}
                >
                  <CountryFlag code={country.countryCode} className="h-4 w-[1.375rem] shrink-0" />
                  {country.countryName}
                </Checkbox>
              </li>
            ))}
        </ul>
      )}
    </fieldset>
  );
}

export function ShareChoices({
  settings,
  onChange,
}: {
  settings: ShareSettings;
  onChange: (changes: Choices) => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold text-slate-900">{SHARE_TEXTS.sectionsLegend}</legend>
        {SHARE_SECTIONS.map((section) => {
          const field = SECTION_FIELDS[section];
          return (
            <Checkbox
              key={section}
              checked={settings[field]}
              onChange={(shown) => onChange({ [field]: shown })}
            >
              {SHARE_SECTION_LABELS[section]}
            </Checkbox>
          );
        })}
      </fieldset>
      <Checkbox
        checked={settings.indexable}
        onChange={(indexable) => onChange({ indexable })}
        hint={SHARE_TEXTS.indexableHint}
      >
        {SHARE_TEXTS.indexable}
      </Checkbox>
      <HiddenCountries
        hidden={settings.hiddenCountries}
        onChange={(hiddenCountries) => onChange({ hiddenCountries })}
      />
    </div>
  );
}
