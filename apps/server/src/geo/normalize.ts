// Name normalisation for place search: the same function turns place names into index keys and queries
// into search keys, so 'Zürich', 'ZURICH' and 'zurich' meet at 'zurich'.
//
//   1. Apostrophes and full stops are dropped ('L'Aquila' → 'laquila', 'St. Louis' → 'st louis').
//   2. NFKD, then drop every combining mark: accents and diacritics go (ü → u, ç → c, ő → o), and
//      compatibility forms fold (full-width letters, ligatures such as ﬁ).
//   3. Lower-case.
//   4. Letters that are not a base letter plus a mark are spelled out: ß → ss, æ → ae, œ → oe, ø → o,
//      ł → l, đ/ð → d, þ → th, ı → i, ħ → h, ŧ → t, ŋ → n, ſ → s, ĸ → k.
//   5. Any run of characters that are neither letters nor digits becomes one space ('Saint-Louis' →
//      'saint louis'); leading and trailing spaces go.

const NON_ASCII = /[\u0080-\uffff]/;
const COMBINING_MARKS = /\p{M}+/gu;
const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  ſ: 's',
  ĸ: 'k',
};
const SPELLED_OUT_RE = /[ßæœøłđðþıħŧŋſĸ]/g;
const DROPPED = /['’‘`´ʼ.]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

export function normalizeName(input: string): string {
  let value = input.replace(DROPPED, '');
  if (NON_ASCII.test(value)) {
    value = value.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
    value = value.replace(SPELLED_OUT_RE, (letter) => SPELLED_OUT[letter] ?? letter);
  } else {
    value = value.toLowerCase();
  }
  return value.replace(SEPARATORS, ' ').trim();
}

/**
 * What normalizeName does to each character of the Basic Multilingual Plane (2- and 3-byte UTF-8: Latin,
 * Greek, Cyrillic, Arabic, Hebrew, Indic scripts, kana, Hangul, CJK...), as UTF-8 bytes where 0x20 stands
 * for "separates words". Worked out on first sight of each character from normalizeName itself
 * ('a' + character + 'b'), so the two cannot disagree. NO_MAPPING for a character whose treatment depends
 * on its neighbours (Greek capital sigma lower-cases to ς at the end of a word): such names take the
 * string path.
 */
const NO_MAPPING = new Uint8Array(0);
const characterTable: (Uint8Array | undefined)[] = new Array(0x10000);

function mapCharacter(codePoint: number): Uint8Array {
  let mapped = characterTable[codePoint];
  if (mapped === undefined) {
    const around = normalizeName(`a${String.fromCharCode(codePoint)}b`);
    mapped =
      codePoint === 0x3a3 || codePoint >= 0xd800 || !around.startsWith('a') || !around.endsWith('b')
        ? NO_MAPPING
        : Buffer.from(around.slice(1, -1));
    characterTable[codePoint] = mapped;
  }
  return mapped;
}

/**
 * normalizeName working on UTF-8 bytes: writes the key of buffer[start, end) into out at outStart and
 * answers its length, or -1 when the name holds a character this path does not handle (outside the
 * Basic Multilingual Plane, or context-dependent; then use normalizeName). A unit test holds the two
 * together on every name of the data. At load this saves making ~800,000 strings.
 */
export function normalizeUtf8Into(
  buffer: Uint8Array,
  start: number,
  end: number,
  out: Uint8Array,
  outStart: number,
): number {
  let o = outStart;
  let pendingSpace = false;
  for (let i = start; i < end; i += 1) {
    let c = buffer[i]!;
    if (c < 0x80) {
      if (c === 0x27 || c === 0x2e || c === 0x60) continue; // ' . ` are dropped
      if (c >= 0x41 && c <= 0x5a) c += 0x20; // A-Z → a-z
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
        if (pendingSpace) {
          out[o++] = 0x20;
          pendingSpace = false;
        }
        out[o++] = c;
      } else {
        pendingSpace = o > outStart;
      }
      continue;
    }
    let codePoint: number;
    if (c >= 0xc2 && c <= 0xdf && i + 1 < end) {
      const b1 = buffer[i + 1]!;
      if ((b1 & 0xc0) !== 0x80) return -1;
      codePoint = ((c & 0x1f) << 6) | (b1 & 0x3f);
      i += 1;
    } else if (c >= 0xe0 && c <= 0xef && i + 2 < end) {
      const b1 = buffer[i + 1]!;
      const b2 = buffer[i + 2]!;
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80) return -1;
      codePoint = ((c & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      if (codePoint < 0x800) return -1; // overlong
      i += 2;
    } else {
      return -1; // 4-byte character or broken UTF-8
    }
    const mapped = mapCharacter(codePoint);
    if (mapped === NO_MAPPING) return -1;
    for (let j = 0; j < mapped.length; j += 1) {
      const m = mapped[j]!;
      if (m === 0x20) {
        pendingSpace = o > outStart;
        continue;
      }
      if (pendingSpace) {
        out[o++] = 0x20;
        pendingSpace = false;
      }
      out[o++] = m;
    }
  }
  return o - outStart;
}
