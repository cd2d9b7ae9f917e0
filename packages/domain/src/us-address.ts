// US address rules shared by the address book form and the API ("helpful but not hostile").
// People type states as "ca", "Calif." or "California" and ZIP codes as "941071234": we accept what
// clearly means one thing and store it one way (the two-letter USPS code, 12345 or 12345-6789).

const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  // Territories and military post offices get USPS mail too.
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

/**
 * The two-letter codes and names, in name order, for a state picker. The names are plain ASCII, so they
 * are compared as text: `localeCompare` would load the browser's locale data on every page that imports
 * this (a shop's page), 90–270 ms of a phone's start (decision 0042); us-address.test.ts checks the order.
 */
export const usStates: ReadonlyArray<{ code: string; name: string }> = Object.entries(US_STATES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => (a.name < b.name ? -1 : 1));

const simplify = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

const CODE_BY_SIMPLIFIED_NAME = new Map<string, string>([
  ...Object.entries(US_STATES).map(([code, name]) => [simplify(name), code] as [string, string]),
  ['washingtondc', 'DC'],
  ['virginislands', 'VI'],
  ['usvirginislands', 'VI'],
]);

/** "ca", " CA ", "California", "new-york" → the USPS code; null when it is not a US state or territory. */
export function normaliseUsState(input: string): string | null {
  const trimmed = input.trim();
  const upper = trimmed.toUpperCase().replace(/\.$/, '');
  if (/^[A-Z]{2}$/.test(upper)) return US_STATES[upper] ? upper : null;
  return CODE_BY_SIMPLIFIED_NAME.get(simplify(trimmed)) ?? null;
}

/**
 * "94107", "94107-1234", "94107 1234", "941071234" → "94107" or "94107-1234"; null for anything
 * else (a ZIP code is 5 digits, optionally followed by 4 more).
 */
export function normaliseUsPostalCode(input: string): string | null {
  const match = /^(\d{5})(?:[\s-]?(\d{4}))?$/.exec(input.trim());
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
}

/** "US", "usa", "United States", "U.S.A." → "US"; null for any other country. */
export function normaliseUsCountry(input: string): string | null {
  const simplified = simplify(input);
  return ['us', 'usa', 'unitedstates', 'unitedstatesofamerica', 'america'].includes(simplified) ? 'US' : null;
}

/**
 * A phone number people can type their way: digits with optional +, spaces, dots, dashes and
 * brackets, 7 to 15 digits in all (E.164 allows at most 15). Answers the trimmed text or null.
 */
export function normalisePhone(input: string): string | null {
  const trimmed = input.trim().replace(/\s+/g, ' ');
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15 ? trimmed : null;
}

/**
 * The state a ZIP code is in, from its first three digits (USPS's sectional centers): enough for a carrier's rate
 * by ZIP code before the buyer gives a whole address. Null for a prefix USPS does not use.
 */
const STATE_BY_ZIP_PREFIX: ReadonlyArray<readonly [from: number, to: number, state: string]> = [
  [5, 5, 'NY'],
  [6, 7, 'PR'],
  [8, 8, 'VI'],
  [9, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [90, 98, 'AE'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 349, 'FL'],
  [340, 340, 'AA'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [962, 966, 'AP'],
  [967, 968, 'HI'],
  [969, 969, 'GU'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

export function stateOfPostalCode(postalCode: string): string | null {
  const normalised = normaliseUsPostalCode(postalCode);
  if (normalised === null) return null;
  const prefix = Number(normalised.slice(0, 3));
  // The narrower range first: 340 (Armed Forces Americas) sits inside Florida's.
  const matches = STATE_BY_ZIP_PREFIX.filter(([from, to]) => prefix >= from && prefix <= to);
  matches.sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
  return matches[0]?.[2] ?? null;
}
