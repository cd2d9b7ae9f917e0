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
