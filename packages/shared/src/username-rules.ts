// Usernames that would pass for Waymarks itself (SECURITY.md, impersonation): the rule and its message,
// used by validateUsername and so by the sign-up and profile schemas on the server and the forms in the
// browser. Free of zod so the browser can import it without the schema library.

export const USERNAME_RESERVED_MESSAGE = 'This username is reserved';

/**
 * The name of a traveller who gave none (a Google account without one, a reset that drops a stranger's
 * sign-up): never anything taken from the e-mail address, which stays private (SPEC.md §6).
 */
export const NEUTRAL_NAME = 'Traveler';

/** Words that speak for the service. A username that is, starts or ends with one is refused. */
const RESERVED_WORDS = [
  'admin',
  'administrator',
  'support',
  'waymarks',
  'waymark',
  'moderator',
  'mod',
  'staff',
  'official',
  'security',
  'help',
  'helpdesk',
  'team',
  'system',
  'root',
  'owner',
  'noreply',
  'postmaster',
  'abuse',
];

// Digits and letters read as another letter: w4ymarks, supp0rt, adm1n, admln.
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  l: 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
};

/** The name as it reads: lower case, separators gone, lookalike characters as the letter they mimic. */
function asRead(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s._-]+/g, '')
    .replace(/[013-578l]/g, (c) => LOOKALIKES[c] ?? c);
}

const RESERVED = RESERVED_WORDS.map(asRead);
/** Short words only as the whole name: "mod" or "team" inside "modern" or "steam" is not a claim. */
const WHOLE_ONLY = new Set(['mod', 'team', 'help', 'root', 'owner', 'system'].map(asRead));

/** True when the username reads as one of the service's own names, with or without separators. */
export function isReservedUsername(username: string): boolean {
  const read = asRead(username);
  return RESERVED.some((word) =>
    WHOLE_ONLY.has(word) ? read === word : read === word || read.startsWith(word) || read.endsWith(word),
  );
}
