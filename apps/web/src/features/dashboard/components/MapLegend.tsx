// The map's key (decision 083): which pin colour is a verified place and which is not. On plans without
// verification badges every pin is orange, so there the orange pin is simply 'Your places' and the purple
// one names the plan that shows it.
import { getTier, requiredTier } from '@waymarks/shared';
import { MARKER_COLORS } from '../../places';
import { PinShape } from './PinMarkers';

export function MapLegend({ verificationBadges }: { verificationBadges: boolean }) {
  const entries = verificationBadges
    ? [
        { color: MARKER_COLORS.verified, label: 'Verified' },
        { color: MARKER_COLORS.plain, label: 'Not verified' },
      ]
    : [
        { color: MARKER_COLORS.plain, label: 'Your places' },
        {
          color: MARKER_COLORS.verified,
          label: `Verified (${getTier(requiredTier('verificationBadges')).name} plan)`,
        },
      ];
  return (
    <ul
      aria-label="Map key"
      className="pointer-events-none flex flex-col gap-0.5 rounded-control bg-white/90 px-2 py-1.5 text-xs font-medium text-slate-800 shadow-card"
    >
      {entries.map((entry) => (
        <li key={entry.label} className="flex items-center gap-1.5">
          <PinShape color={entry.color} className="h-4 w-3 shrink-0" />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
