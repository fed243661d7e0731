// Storage by country (SPEC.md §9): largest first, each with its share of the plan's storage.
import { formatFileSize, storagePercent } from '@waymarks/shared';
import { CountryFlag } from '../../../components/CountryFlag';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useCountries } from '../../pins';

const BYTES_PER_MB = 1024 * 1024;

/** '12.5%', or '<0.1%' for a share too small to show but not nothing. */
export function formatShare(percent: number): string {
  if (percent > 0 && percent < 0.1) return '<0.1%';
  return `${Number(percent.toFixed(1))}%`;
}

export function CountriesBreakdown({ storageGB }: { storageGB: number }) {
  const countries = useCountries();
  const sorted = [...(countries.data?.countries ?? [])].sort((a, b) => b.totalSizeMB - a.totalSizeMB);

  return (
    <Card
      as="section"
      aria-labelledby="countries-title"
      aria-busy={countries.isPending}
      className="flex flex-col gap-4"
    >
      <h2 id="countries-title" className="text-title font-semibold text-slate-900">
        Countries breakdown
      </h2>
      {countries.isPending ? (
        <ul aria-hidden="true" className="flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <li key={row} className="h-12 animate-pulse rounded-control bg-slate-100" />
          ))}
        </ul>
      ) : countries.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">Failed to load your countries.</Alert>
          <Button variant="secondary" onClick={() => void countries.refetch()}>
            Try Again
          </Button>
        </div>
      ) : sorted.length === 0 ? (
        <p className="text-sm text-slate-600">
          No countries yet. Pin a place on the dashboard and its country shows here with the storage it uses.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {sorted.map((country) => {
            const share = storagePercent(country.totalSizeMB, storageGB);
            return (
              <li key={country.countryCode} className="flex flex-col gap-1.5 py-3">
                <div className="flex items-center gap-3">
                  <CountryFlag code={country.countryCode} className="h-4" />
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                    {country.countryName}
                  </span>
                  <span className="text-sm font-semibold text-slate-900">
                    {formatFileSize(country.totalSizeMB * BYTES_PER_MB)}
                  </span>
                </div>
                <div className="flex flex-wrap justify-between gap-x-3 text-sm text-slate-600">
                  <span>
                    {country.pinCount} {country.pinCount === 1 ? 'pin' : 'pins'}, {country.mediaCount}{' '}
                    {country.mediaCount === 1 ? 'photo or video' : 'photos and videos'}
                  </span>
                  <span>{formatShare(share)} of your plan&apos;s storage</span>
                </div>
                <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-slate-100">
                  <div className="h-full rounded-full bg-brand-500" style={{ width: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
