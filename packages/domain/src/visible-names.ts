// The rule every name follows (docs/product/validation.md, "Names"): a person's first and last name, a
// company's (a shop's) name, a listing's title, an add-on's name, the name on an address. A name may not
// hide characters that change how it is read or laid out without being seen (text-direction controls,
// zero-width spaces and other format characters), must show something, and two shop names that read
// alike are the same name.

/** Format characters (Cf: direction marks, overrides and isolates, zero-width spaces, the byte-order mark, soft hyphens, tags), line and paragraph separators, lone surrogates, tabs. */
const HIDDEN = /[\p{Cf}\p{Zl}\p{Zp}\p{Cs}\t]/u;
/** The joiners writing needs: ZWNJ inside Persian words, ZWJ in emoji sequences (👩‍🍳). Allowed between two characters of the text. */
const JOINERS: ReadonlySet<string> = new Set(['\u200c', '\u200d']);
/** What a joiner may stand between: letters, marks (an emoji's variation selector), numbers, punctuation, symbols. */
const JOINABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
const SHOWS = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Letters and symbols that draw nothing: the Hangul fillers and other default-ignorable code points, the blank braille pattern. */
const DRAWS_NOTHING = /[\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Whether the text holds a character that is not seen but changes how it reads (a joiner between two characters aside). */
export function hasHiddenCharacters(text: string): boolean {
  const characters = [...text];
  return characters.some((character, index) => {
    if (!HIDDEN.test(character)) return false;
    if (!JOINERS.has(character)) return true;
    const before = characters[index - 1];
    const after = characters[index + 1];
    return !(before !== undefined && after !== undefined && JOINABLE.test(before) && JOINABLE.test(after));
  });
}

/** Whether the text shows at least one letter, number, punctuation mark or symbol (whitespace and invisible characters aside). */
export function hasVisibleCharacter(text: string): boolean {
  for (const character of text) if (SHOWS.test(character) && !DRAWS_NOTHING.test(character)) return true;
  return false;
}

/**
 * What two names that read alike have in common: compatibility forms folded (NFKC: full-width letters,
 * ligatures, no-break and thin spaces), invisible characters dropped, each run of spaces one space, no
 * spaces around, lower case. Shop names are unique by this key (the API's users table keeps it beside the
 * name; its migration computes the same key in SQL for the names that were there before).
 */
export function nameComparisonKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '')
    .replace(/[\s\p{Cc}\u2800]+/gu, ' ')
    .trim()
    .toLowerCase()
    .normalize('NFKC');
}
