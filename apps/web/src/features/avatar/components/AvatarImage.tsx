// The traveller's picture in the header and on the profile (SPEC.md §4 Avatar dialog): the saved avatar's
// render, pulsing while it is not yet known, and the account's picture or the name's first letter when
// there is none or it fails to load.
import { useState } from 'react';
import { useSavedAvatar } from '../api/avatar';

export function AvatarImage({
  name,
  picture,
  className,
  letterClassName = 'text-sm',
}: {
  name: string;
  picture?: string | null | undefined;
  className: string;
  letterClassName?: string;
}) {
  const saved = useSavedAvatar();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const rendered = saved.data?.imageUrl ?? null;
  const src = rendered && rendered !== failedUrl ? rendered : (picture ?? null);

  if (saved.isPending) {
    return (
      <span
        aria-hidden="true"
        data-avatar-image="unknown"
        className={`${className} animate-pulse rounded-full bg-slate-200`}
      />
    );
  }
  if (src) {
    return (
      <img
        src={src}
        alt=""
        data-avatar-image={src === rendered ? 'avatar' : 'picture'}
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(src)}
        className={`${className} rounded-full bg-brand-50 object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-avatar-image="initial"
      className={`${className} ${letterClassName} flex items-center justify-center rounded-full bg-brand-700 font-bold text-white`}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
