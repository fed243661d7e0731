// The traveller detail dialog, opened from a row of the list: labelled by the traveller's name, focus kept
// inside, Escape closes; it loads GET /api/leaderboard/user/{id} and shows it in four tabs.
import { useState } from 'react';
import type { LeaderboardUser } from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import { DialogContent, DialogRoot } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { Tabs } from '../../../components/ui/Tabs';
import { useTravelerDetails } from '../api/traveler';
import { LEADERBOARD_MESSAGES } from '../messages';
import { CitiesPanel, CountriesPanel, OverviewPanel, TimelinePanel } from './TravelerPanels';

const TAB_NAMES = { overview: 'Overview', countries: 'Countries', cities: 'Cities', timeline: 'Timeline' };
type TabId = keyof typeof TAB_NAMES;

// The four tabs fit a 390 px phone only with a little less padding than the shared tabs give.
const TABS = (Object.keys(TAB_NAMES) as TabId[]).map((id) => ({
  id,
  label: <span className="-mx-1 sm:mx-0">{TAB_NAMES[id]}</span>,
}));

export function TravelerDialog({
  traveler,
  onClose,
}: {
  traveler: LeaderboardUser | null;
  onClose: () => void;
}) {
  return (
    <DialogRoot
      open={traveler !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {traveler && (
        <DialogContent title={traveler.displayName}>
          {/* Keyed so each traveller opens on the overview. */}
          <TravelerDetails key={traveler.userId} userId={traveler.userId} />
        </DialogContent>
      )}
    </DialogRoot>
  );
}

function TravelerDetails({ userId }: { userId: string }) {
  const details = useTravelerDetails(userId);
  const [tab, setTab] = useState<TabId>('overview');

  if (details.data === undefined && details.isError) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card border border-danger-200 bg-danger-50 px-4 py-6 text-center">
        <p role="alert" className="text-sm font-semibold text-danger-800">
          {LEADERBOARD_MESSAGES.detailsFailed}
        </p>
        <Button
          variant="secondary"
          aria-disabled={details.isFetching || undefined}
          onClick={() => {
            if (!details.isFetching) void details.refetch();
          }}
          className="aria-disabled:cursor-progress"
        >
          {details.isFetching && <Spinner className="size-4" />}
          Try Again
        </Button>
      </div>
    );
  }
  if (details.data === undefined) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading traveler details" className="size-7 text-brand-700" />
      </div>
    );
  }
  const data = details.data;
  return (
    <Tabs label="Traveler details" tabs={TABS} selected={tab} onSelect={setTab}>
      {tab === 'overview' && <OverviewPanel details={data} />}
      {tab === 'countries' && <CountriesPanel countries={data.countries} />}
      {tab === 'cities' && <CitiesPanel cities={data.cities} />}
      {tab === 'timeline' && <TimelinePanel timeline={data.timeline} />}
    </Tabs>
  );
}
