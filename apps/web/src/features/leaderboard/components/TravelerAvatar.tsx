// A traveller's picture, or the first letter of their name on a coloured disc when they have none.
export function TravelerAvatar({
  name,
  picture,
  className = 'size-10 text-base',
}: {
  name: string;
  picture: string | null;
  className?: string;
}) {
  if (picture) {
    return (
      <img
        src={picture}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        className={`${className} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white`}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
