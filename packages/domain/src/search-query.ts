// The plain-language search parser behind /ai-search-results. Pure: no network, no
// database. It turns "leather boots under $200, like new" into filters (price bounds, category,
// condition), a sort intent, attributes and the keywords left over, plus the chips the page shows
// so a buyer sees what was understood and can remove any part of it.

export type SearchSort = 'relevance' | 'price_asc' | 'price_desc' | 'newest';
/** "used" covers the worn grades (good, fair); the others are one condition each. */
export type ConditionIntent = 'new' | 'like_new' | 'used';
export type ProductConditionValue = 'new' | 'like_new' | 'good' | 'fair';
export type AttributeKind = 'size' | 'colour' | 'material';
export type SearchChipKind = 'min_price' | 'max_price' | 'category' | 'condition' | 'attribute' | 'sort' | 'recipient';
/** Who a gift is for, read from a closed set of words ("for her", "dad", "my nephew"). */
export type RecipientIntent = 'women' | 'men' | 'children';

export interface SearchCategoryOption {
  slug: string;
  name: string;
}

export interface SearchAttribute {
  kind: AttributeKind;
  value: string;
}

export interface SearchChip {
  /** Stable within a query (`kind:value`): the page sends it back to remove the chip. */
  id: string;
  kind: SearchChipKind;
  label: string;
  value: string;
}

export interface ParsedSearchQuery {
  /** The words the buyer typed that are not filters or filler, in order, without duplicates. */
  keywords: string[];
  /** Words related to an interest the buyer named ("coffee lover" → mug, french press); they rank lower. */
  relatedTerms: string[];
  minPriceCents: number | null;
  maxPriceCents: number | null;
  category: SearchCategoryOption | null;
  condition: ConditionIntent | null;
  sort: SearchSort;
  attributes: SearchAttribute[];
  chips: SearchChip[];
  /** Keywords that named an interest ("coffee", "hiking"): they describe the person, not the product. */
  interestWords: string[];
  /** Who the gift is for, with the categories and kinds of product such a gift usually is. */
  recipient: { intent: RecipientIntent; categorySlugs: readonly string[]; kinds: readonly string[] } | null;
}

export interface ParseSearchOptions {
  /** The marketplace's categories; the demo's eight are used when absent. */
  categories?: readonly SearchCategoryOption[];
  /** Chip ids the buyer removed: their part of the query is ignored (neither filter nor keyword). */
  excludedChipIds?: readonly string[];
  /**
   * Other forms of a word ("read" → reader, reading), so an interest is recognised whatever form the
   * buyer used. The API passes WordNet's; without it only the listed forms are known.
   */
  relatedForms?: (word: string) => readonly string[];
}

export const DEFAULT_SEARCH_CATEGORIES: readonly SearchCategoryOption[] = [
  { slug: 'electronics', name: 'Electronics' },
  { slug: 'fashion', name: 'Fashion' },
  { slug: 'home-kitchen', name: 'Home & Kitchen' },
  { slug: 'books', name: 'Books' },
  { slug: 'sports-outdoors', name: 'Sports & Outdoors' },
  { slug: 'beauty', name: 'Beauty' },
  { slug: 'toys-games', name: 'Toys & Games' },
  { slug: 'jewelry-watches', name: 'Jewelry & Watches' },
];

/**
 * Words that name a whole category rather than a kind of product. Product words ("watch", "novel",
 * "mug") stay keywords: taking "watch" as the Jewelry & Watches category would rank earrings as
 * high as watches.
 */
const CATEGORY_SYNONYMS: Record<string, readonly string[]> = {
  electronics: ['electronics', 'electronic', 'gadgets', 'gadget', 'tech'],
  fashion: ['fashion', 'clothing', 'clothes', 'apparel'],
  'home-kitchen': ['home and kitchen', 'home & kitchen', 'kitchen', 'kitchenware', 'cookware', 'home decor'],
  books: ['books', 'book'],
  'sports-outdoors': ['sports and outdoors', 'sports & outdoors', 'sports', 'sport', 'outdoors', 'outdoor gear'],
  beauty: ['beauty', 'skincare', 'skin care', 'cosmetics', 'makeup'],
  'toys-games': ['toys and games', 'toys & games', 'toys', 'toy', 'kids', 'children', 'child', 'toddler', 'toddlers'],
  'jewelry-watches': ['jewelry and watches', 'jewelry & watches', 'jewelry', 'jewellery'],
};

/**
 * Who a gift is for → where such gifts usually are. A closed set of words for people, so a short
 * table is enough; the kinds are WordNet words the API widens to the catalogue's own ("jewelry" →
 * earrings, necklace). "kids", "children" and "toddler" name the Toys & Games category above instead.
 */
const RECIPIENTS: ReadonlyArray<{
  intent: RecipientIntent;
  label: string;
  words: readonly string[];
  categorySlugs: readonly string[];
  kinds: readonly string[];
}> = [
  {
    intent: 'women',
    label: 'Her',
    words: [
      'her',
      'she',
      'woman',
      'women',
      'lady',
      'ladies',
      'mom',
      'mum',
      'mommy',
      'mother',
      'wife',
      'girlfriend',
      'sister',
      'grandma',
      'grandmother',
      'granny',
      'aunt',
      'auntie',
    ],
    categorySlugs: ['jewelry-watches', 'beauty'],
    kinds: ['jewelry', 'perfume', 'toiletry'],
  },
  {
    intent: 'men',
    label: 'Him',
    words: [
      'him',
      'he',
      'man',
      'men',
      'guy',
      'dad',
      'daddy',
      'father',
      'husband',
      'boyfriend',
      'brother',
      'grandpa',
      'grandfather',
      'granddad',
      'grandad',
      'uncle',
    ],
    categorySlugs: ['jewelry-watches', 'fashion', 'electronics'],
    kinds: ['watch', 'wallet', 'gadget'],
  },
  {
    intent: 'children',
    label: 'A child',
    words: [
      'nephew',
      'niece',
      'son',
      'daughter',
      'grandson',
      'granddaughter',
      'grandchild',
      'grandchildren',
      'grandkid',
      'grandkids',
      'boy',
      'boys',
      'girl',
      'girls',
    ],
    categorySlugs: ['toys-games'],
    kinds: ['toy', 'game', 'puzzle'],
  },
];

/** An interest → what such a person would be glad to find. Matched on the stem the buyer typed. */
const INTEREST_TERMS: ReadonlyArray<{ words: readonly string[]; terms: readonly string[] }> = [
  { words: ['coffee'], terms: ['mug', 'french press'] },
  { words: ['tea'], terms: ['mug'] },
  { words: ['baker', 'baking', 'bake'], terms: ['sourdough', 'bread', 'dutch oven'] },
  { words: ['cook', 'cooking', 'chef', 'cooks'], terms: ['skillet', 'dutch oven', 'cutting board', 'cast iron'] },
  { words: ['hiker', 'hiking', 'hikers', 'hike', 'trekking'], terms: ['hiking', 'daypack', 'trekking', 'trail'] },
  { words: ['camping', 'camper', 'campers', 'camp'], terms: ['camp', 'tent', 'backpacking', 'campfire'] },
  { words: ['reader', 'readers', 'reading', 'bookworm'], terms: ['novel', 'e-reader', 'paperbacks'] },
  { words: ['gardener', 'gardening', 'garden', 'plants', 'plant'], terms: ['garden', 'planter', 'planting'] },
  { words: ['gamer', 'gamers', 'gaming'], terms: ['game', 'console', 'dice'] },
  { words: ['music', 'audio', 'listening'], terms: ['headphones', 'speaker', 'earbuds'] },
  { words: ['fitness', 'workout', 'gym', 'exercise'], terms: ['dumbbell', 'yoga mat', 'weights'] },
  { words: ['yoga'], terms: ['yoga mat'] },
  { words: ['runner', 'running', 'run'], terms: ['run', 'sweat-resistant', 'earbuds'] },
  { words: ['travel', 'traveler', 'traveller', 'travelling', 'traveling', 'trip'], terms: ['travel', 'packable', 'compact'] },
  { words: ['stargazer', 'stargazing', 'astronomy', 'stars'], terms: ['night skies', 'star atlas'] },
  { words: ['birder', 'birding', 'birdwatcher', 'birdwatching'], terms: ['birds', 'field guide'] },
  { words: ['programmer', 'developer', 'coder', 'coding', 'programming'], terms: ['software', 'code', 'keyboard'] },
  { words: ['skin', 'skincare', 'complexion'], terms: ['facial oil', 'body cream', 'serum', 'face mask'] },
  { words: ['spa', 'relax', 'relaxing', 'relaxation', 'pamper', 'unwind'], terms: ['bath salts', 'body cream', 'lavender'] },
  { words: ['baby', 'babies', 'toddler', 'toddlers'], terms: ['stacker', 'plush', 'building tiles'] },
  { words: ['puzzles', 'jigsaw'], terms: ['puzzle', 'jigsaw'] },
  { words: ['winter', 'cold'], terms: ['wool', 'cashmere', 'down', 'warm', 'insulated'] },
  { words: ['summer', 'warm weather'], terms: ['linen', 'breathable', 'sunscreen'] },
  { words: ['office', 'wfh', 'work from home'], terms: ['desk lamp', 'keyboard', 'charger'] },
];

const COLOURS = [
  'black',
  'white',
  'red',
  'blue',
  'navy',
  'green',
  'grey',
  'gray',
  'brown',
  'pink',
  'purple',
  'yellow',
  'orange',
  'beige',
  'tan',
  'cream',
  'rainbow',
];
const MATERIALS = [
  'cast iron',
  'stainless steel',
  'sterling silver',
  'full-grain leather',
  'leather',
  'wool',
  'merino',
  'cashmere',
  'linen',
  'cotton',
  'denim',
  'canvas',
  'silk',
  'walnut',
  'oak',
  'beech',
  'bamboo',
  'wood',
  'wooden',
  'ceramic',
  'stoneware',
  'glass',
  'brass',
  'steel',
  'stainless',
  'carbon',
  'cork',
  'enamel',
  'plush',
  'resin',
  'pearl',
  'sterling',
  'gold',
  'silver',
  'aluminium',
  'aluminum',
  'down',
  'shea',
  'clay',
];

/** Filler of a spoken request: it says nothing about which product is wanted. */
const STOP_WORDS = new Set(
  (
    'a an the and or but of for to in on at by with without from into about as is are be been am was were it its this that these those ' +
    'i im me my mine we our us you your he him his she her they them their someone somebody anyone people person who whom which what ' +
    'some something anything any thing things stuff item items product products one ones please show find get buy want wants wanted ' +
    'need needs needed looking look search searching gift gifts present presents idea ideas lover lovers love loves fan fans ' +
    'enthusiast enthusiasts likes nice great best top rated good quality perfect really very much more most less least so just ' +
    'that can could would should will do does did have has had dollars dollar bucks usd price priced prices cost costs budget ' +
    'mom dad mum mother father wife husband friend friends boyfriend girlfriend sister brother son daughter kid grandma grandpa ' +
    'birthday christmas holiday holidays anniversary occasion cheap expensive affordable inexpensive pricey under below over above ' +
    'around about between less than max maximum min minimum within both all each every other also only own same such then there when where while after before'
  ).split(/\s+/),
);

const PRICE_UNITS_AFTER =
  /^\s*(?:lb|lbs|pound|pounds|oz|ounce|ounces|inch|inches|in|mm|cm|m|l|liter|litre|liters|litres|quart|quarts|qt|kg|g|hours?|hrs?|w|mah|gb|tb|pieces?|pcs|piece|x|%)\b/;
const NUMBER = String.raw`(\d{1,7}(?:[.,]\d{1,2})?)`;
const MONEY = String.raw`\$\s?${NUMBER}|${NUMBER}\s?(?:dollars?|bucks|usd)\b|${NUMBER}`;

interface PriceRule {
  pattern: RegExp;
  apply: (amounts: number[]) => { min: number | null; max: number | null } | null;
}

const toCents = (text: string) => Math.round(Number.parseFloat(text.replace(',', '.')) * 100);
/** The first captured amount in each alternative of MONEY (3 groups per money). */
function amountsOf(match: RegExpExecArray): number[] {
  const amounts: number[] = [];
  for (let index = 1; index < match.length; index += 3) {
    const text = match[index] ?? match[index + 1] ?? match[index + 2];
    if (text !== undefined) amounts.push(toCents(text));
  }
  return amounts;
}

const PRICE_RULES: PriceRule[] = [
  {
    pattern: new RegExp(String.raw`\b(?:between|from)\s+(?:${MONEY})\s+(?:and|to|-)\s+(?:${MONEY})`, 'g'),
    apply: ([low, high]) => (low !== undefined && high !== undefined ? ordered(low, high) : null),
  },
  {
    // "$20-$50", "$20 to $50", "20-50 dollars": a dollar sign or a currency word is required, so
    // "5 to 25 lb" stays words.
    pattern: new RegExp(String.raw`(?:\$\s?${NUMBER}\s*(?:-|–|to)\s*\$?\s?${NUMBER}|${NUMBER}\s*(?:-|–|to)\s*${NUMBER}\s?(?:dollars|bucks|usd)\b)`, 'g'),
    apply: (amounts) => {
      const [low, high] = amounts;
      return low !== undefined && high !== undefined ? ordered(low, high) : null;
    },
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:under|below|less\s+than|cheaper\s+than|up\s+to|no\s+more\s+than|at\s+most|max(?:imum)?|within|for\s+less\s+than)\s+(?:${MONEY})`,
      'g',
    ),
    apply: ([amount]) => (amount !== undefined ? { min: null, max: amount } : null),
  },
  {
    pattern: new RegExp(String.raw`\b(?:over|above|more\s+than|at\s+least|min(?:imum)?|starting\s+at)\s+(?:${MONEY})`, 'g'),
    apply: ([amount]) => (amount !== undefined ? { min: amount, max: null } : null),
  },
  {
    // "around $30" means give or take a fifth.
    pattern: new RegExp(String.raw`(?:\b(?:around|about|approximately|approx\.?|roughly|near|close\s+to)\s+|~\s?)(?:${MONEY})`, 'g'),
    apply: ([amount]) => (amount !== undefined ? { min: Math.round(amount * 0.8), max: Math.round(amount * 1.2) } : null),
  },
  {
    // A bare "$40" with no word around it reads as a budget.
    pattern: new RegExp(String.raw`\$\s?${NUMBER}`, 'g'),
    apply: ([amount]) => (amount !== undefined ? { min: null, max: amount } : null),
  },
];

function ordered(low: number, high: number) {
  return low <= high ? { min: low, max: high } : { min: high, max: low };
}

/** Amounts captured by a rule's pattern (rules 2 and 6 use plain NUMBER groups, the rest MONEY groups). */
function captured(rule: PriceRule, match: RegExpExecArray): number[] {
  if (rule === PRICE_RULES[1] || rule === PRICE_RULES[5]) {
    return match
      .slice(1)
      .filter((text): text is string => text !== undefined)
      .map(toCents);
  }
  return amountsOf(match);
}

const SORT_PHRASES: ReadonlyArray<{ pattern: RegExp; sort: SearchSort }> = [
  { pattern: /\b(?:cheapest|lowest[\s-]priced?|lowest\s+price|least\s+expensive|cheap(?:er)?|budget|inexpensive|affordable|bargains?)\b/g, sort: 'price_asc' },
  { pattern: /\b(?:most\s+expensive|priciest|highest[\s-]priced?|highest\s+price|luxury|premium|high[\s-]end)\b/g, sort: 'price_desc' },
  { pattern: /\b(?:newest|latest|most\s+recent|recently\s+(?:listed|added)|just\s+(?:listed|added)|new\s+arrivals?)\b/g, sort: 'newest' },
];
const SORT_LABELS: Record<Exclude<SearchSort, 'relevance'>, string> = {
  price_asc: 'Lowest price first',
  price_desc: 'Highest price first',
  newest: 'Newest first',
};

const CONDITION_PHRASES: ReadonlyArray<{ pattern: RegExp; condition: ConditionIntent }> = [
  // Refurbished and open-box goods are sold as like new: restored or barely handled.
  {
    pattern: /\b(?:like[\s-]new|as[\s-]new|mint(?:\s+condition)?|barely\s+used|almost\s+new|nearly\s+new|refurbished|renewed|reconditioned|open[\s-]box)\b/g,
    condition: 'like_new',
  },
  { pattern: /\b(?:second[\s-]?hand|used|pre[\s-]?owned|pre[\s-]?loved)\b/g, condition: 'used' },
  { pattern: /\b(?:brand[\s-]new|unused|new\s+in\s+box|unopened|sealed|new)\b(?![\s-]?(?:york|zealand))/g, condition: 'new' },
];
const CONDITION_LABELS: Record<ConditionIntent, string> = { new: 'New', like_new: 'Like new', used: 'Used (good or fair)' };

/** The listing conditions a condition intent accepts. */
export function conditionsFor(intent: ConditionIntent): ProductConditionValue[] {
  if (intent === 'used') return ['good', 'fair'];
  return [intent];
}

/** "$1,234.50" style, without cents when whole: chips read "Under $60", not "Under $60.00". */
export function formatSearchPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString('en-US') : dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrasePattern = (phrase: string) => new RegExp(String.raw`(?<![\w-])${escapeRegExp(phrase).replace(/\s+/g, String.raw`[\s-]+`)}(?![\w-])`, 'g');

/** Parses a plain-language query; the same text always gives the same result. */
export function parseSearchQuery(query: string, options: ParseSearchOptions = {}): ParsedSearchQuery {
  const excluded = new Set(options.excludedChipIds ?? []);
  const categories = options.categories ?? DEFAULT_SEARCH_CATEGORIES;
  let text = ` ${query.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ')} `;
  /** Blanks out what a rule understood, so the same words are not read twice. */
  const consume = (pattern: RegExp, onMatch: (match: RegExpExecArray) => boolean) => {
    text = text.replace(pattern, (...args: unknown[]) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      const offset = args[args.length - 2] as number;
      const whole = match[0];
      // An amount followed by a unit ("under 3 lb") is a size, not a price.
      if (PRICE_UNITS_AFTER.test(text.slice(offset + whole.length)) && !whole.includes('$')) return whole;
      return onMatch(match) ? ' ' : whole;
    });
  };

  // ── price bounds ──
  let minPriceCents: number | null = null;
  let maxPriceCents: number | null = null;
  for (const rule of PRICE_RULES) {
    consume(rule.pattern, (match) => {
      const bounds = rule.apply(captured(rule, match));
      if (!bounds) return false;
      if (bounds.min !== null) minPriceCents = bounds.min;
      if (bounds.max !== null) maxPriceCents = bounds.max;
      return true;
    });
  }

  // ── sort intent ──
  let sort: SearchSort = 'relevance';
  for (const phrase of SORT_PHRASES) {
    consume(phrase.pattern, () => {
      if (sort === 'relevance') sort = phrase.sort;
      return true;
    });
  }

  // ── condition ──
  let condition: ConditionIntent | null = null;
  for (const phrase of CONDITION_PHRASES) {
    consume(phrase.pattern, () => {
      condition ??= phrase.condition;
      return true;
    });
  }
  // "in good condition" and friends are filler once the condition is read.
  text = text.replace(/\b(?:in\s+)?(?:excellent|great|good|perfect|fair)?\s*condition\b/g, ' ');

  // ── interests (before stop words and categories: "coffee lover", "toddler") ──
  const relatedTerms: string[] = [];
  const words = text
    .split(/[^a-z0-9'&.-]+/)
    .map((word) => word.replace(/^[.'-]+|[.'-]+$/g, ''))
    .filter(Boolean);
  const interestWords: string[] = [];
  const formsOf = new Map(words.map((word) => [word, STOP_WORDS.has(word) ? [] : (options.relatedForms?.(word) ?? [])]));
  for (const interest of INTEREST_TERMS) {
    const named = words.filter((word) => interest.words.includes(word) || (formsOf.get(word) ?? []).some((form) => interest.words.includes(form)));
    if (named.length > 0 || interest.words.some((word) => word.includes(' ') && text.includes(` ${word} `))) {
      relatedTerms.push(...interest.terms);
      interestWords.push(...named);
    }
  }

  // ── recipient: who the gift is for ──
  let recipient: (typeof RECIPIENTS)[number] | null = null;
  for (const option of RECIPIENTS) {
    for (const word of option.words) {
      consume(phrasePattern(word), () => {
        recipient ??= option;
        return true;
      });
    }
  }

  // ── category: names, slugs and whole-category synonyms ──
  let category: SearchCategoryOption | null = null;
  const categoryPhrases = categories
    .flatMap((option) => {
      const names = [option.name.toLowerCase(), option.slug.replace(/-/g, ' '), ...(CATEGORY_SYNONYMS[option.slug] ?? [])];
      return names.map((phrase) => ({ phrase, option }));
    })
    .sort((a, b) => b.phrase.length - a.phrase.length);
  // Two categories named ("children's books"): the last one is what is wanted, the first describes it
  // and stays a search word, so a kind of book the catalogue lacks finds nothing instead of every toy.
  let lastNamed: { option: SearchCategoryOption; at: number } | null = null;
  for (const { phrase, option } of categoryPhrases) {
    for (const match of text.matchAll(phrasePattern(phrase))) {
      if (!lastNamed || match.index > lastNamed.at) lastNamed = { option, at: match.index };
    }
  }
  const namedCategory = (lastNamed as { option: SearchCategoryOption } | null)?.option ?? null;
  for (const { phrase, option } of categoryPhrases) {
    if (option !== namedCategory) continue;
    consume(phrasePattern(phrase), () => {
      category ??= option;
      return true;
    });
  }

  // ── attributes: size, colours, materials (they stay search words too) ──
  const attributes: SearchAttribute[] = [];
  const sizeMatch = /\bsize\s+([a-z]{1,3}\b|\d{1,3}(?:\.5)?)/.exec(text);
  if (sizeMatch?.[1]) {
    attributes.push({ kind: 'size', value: sizeMatch[1].toUpperCase() });
    text = text.replace(sizeMatch[0], ' ');
  }
  for (const material of MATERIALS) {
    if (phrasePattern(material).test(text) && !attributes.some((attribute) => attribute.value.includes(material))) {
      attributes.push({ kind: 'material', value: material });
    }
  }
  for (const colour of COLOURS) {
    if (phrasePattern(colour).test(text) && !attributes.some((attribute) => attribute.value === colour)) attributes.push({ kind: 'colour', value: colour });
  }

  // ── keywords: whatever is left that is not filler ──
  const keywords: string[] = [];
  for (const word of text.split(/[^a-z0-9'&-]+/)) {
    const cleaned = word.replace(/^['&-]+|['&-]+$/g, '').replace(/'s$/, '');
    if (cleaned.length < 2 && !/^\d$/.test(cleaned)) continue;
    if (STOP_WORDS.has(cleaned) || keywords.includes(cleaned)) continue;
    keywords.push(cleaned);
  }

  // ── chips, then the buyer's removals ──
  const chips: SearchChip[] = [];
  const chip = (kind: SearchChipKind, value: string, label: string) => chips.push({ id: `${kind}:${value}`, kind, value, label });
  if (minPriceCents !== null && maxPriceCents !== null) {
    chip('min_price', String(minPriceCents), `From ${formatSearchPrice(minPriceCents)}`);
    chip('max_price', String(maxPriceCents), `Up to ${formatSearchPrice(maxPriceCents)}`);
  } else if (maxPriceCents !== null) chip('max_price', String(maxPriceCents), `Under ${formatSearchPrice(maxPriceCents)}`);
  else if (minPriceCents !== null) chip('min_price', String(minPriceCents), `Over ${formatSearchPrice(minPriceCents)}`);
  const chosenCategory = category as SearchCategoryOption | null;
  if (chosenCategory) chip('category', chosenCategory.slug, chosenCategory.name);
  const chosenCondition = condition as ConditionIntent | null;
  if (chosenCondition) chip('condition', chosenCondition, CONDITION_LABELS[chosenCondition]);
  const chosenRecipient = recipient as (typeof RECIPIENTS)[number] | null;
  if (chosenRecipient) chip('recipient', chosenRecipient.intent, chosenRecipient.label);
  for (const attribute of attributes) {
    const label = attribute.kind === 'size' ? `Size ${attribute.value}` : attribute.value.charAt(0).toUpperCase() + attribute.value.slice(1);
    chip('attribute', attribute.value, label);
  }
  const chosenSort = sort as SearchSort;
  if (chosenSort !== 'relevance') chip('sort', chosenSort, SORT_LABELS[chosenSort]);

  const isKept = (kind: SearchChipKind, value: string) => !excluded.has(`${kind}:${value}`);
  const keptAttributes = attributes.filter((attribute) => isKept('attribute', attribute.value));
  const removedAttributeWords = new Set(
    attributes.filter((attribute) => !isKept('attribute', attribute.value)).flatMap((attribute) => attribute.value.toLowerCase().split(/\s+/)),
  );
  return {
    keywords: keywords.filter((word) => !removedAttributeWords.has(word)),
    relatedTerms: [...new Set(relatedTerms)].filter((term) => !keywords.includes(term)),
    interestWords: [...new Set(interestWords)],
    recipient:
      chosenRecipient && isKept('recipient', chosenRecipient.intent)
        ? { intent: chosenRecipient.intent, categorySlugs: chosenRecipient.categorySlugs, kinds: chosenRecipient.kinds }
        : null,
    minPriceCents: minPriceCents !== null && isKept('min_price', String(minPriceCents)) ? minPriceCents : null,
    maxPriceCents: maxPriceCents !== null && isKept('max_price', String(maxPriceCents)) ? maxPriceCents : null,
    category: chosenCategory && isKept('category', chosenCategory.slug) ? chosenCategory : null,
    condition: chosenCondition && isKept('condition', chosenCondition) ? chosenCondition : null,
    sort: isKept('sort', chosenSort) ? chosenSort : 'relevance',
    attributes: keptAttributes,
    chips: chips.filter((item) => !excluded.has(item.id)),
  };
}

/** Every word the database is asked about: the buyer's keywords first, then related ones. */
export function searchTermsOf(parsed: Pick<ParsedSearchQuery, 'keywords' | 'relatedTerms' | 'attributes'>): { term: string; isRelated: boolean }[] {
  const terms = parsed.keywords.map((term) => ({ term, isRelated: false }));
  for (const attribute of parsed.attributes) {
    // Multi-word materials ("cast iron") are kept whole; their single words are already keywords.
    if (attribute.kind === 'material' && attribute.value.includes(' ') && !terms.some((entry) => entry.term === attribute.value)) {
      terms.push({ term: attribute.value, isRelated: false });
    }
  }
  for (const term of parsed.relatedTerms) if (!terms.some((entry) => entry.term === term)) terms.push({ term, isRelated: true });
  return terms;
}

// ── spelling ────────────────────────────────────────────────────────────────────────────────────
// Trigram similarity forgives typos in long words but not in short ones ("bots" is closer to
// "Bottle" than to "Boots" by trigrams), so a word the catalogue never uses is first corrected to the
// closest word it does use: one edit for short words, two for words of 6 letters or more.

/** Edits (insert, delete, substitute, swap two neighbours) from one word to the other. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i]!;
      const previous = rows[i - 1]!;
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

const allowedEdits = (word: string) => (word.length >= 6 ? 2 : word.length >= 4 ? 1 : 0);

/**
 * The catalogue word a misspelt keyword most likely means, or null when the word is known, too
 * short to guess, or nothing is close. `vocabulary` maps each word to how many listings use it;
 * the more common word wins a tie. `maxEdits` narrows the allowance (a real English word is corrected
 * only one edit away: "bots" → boots, not "wedding" → winding).
 */
export function correctSpelling(word: string, vocabulary: ReadonlyMap<string, number>, maxEdits = Number.POSITIVE_INFINITY): string | null {
  const edits = Math.min(allowedEdits(word), maxEdits);
  if (edits === 0 || vocabulary.has(word) || /\d/.test(word)) return null;
  let best: { word: string; distance: number; uses: number } | null = null;
  for (const [candidate, uses] of vocabulary) {
    // A stop word ("both", "with") is never what a shopper meant to search for.
    if (Math.abs(candidate.length - word.length) > edits || candidate.length < 3 || STOP_WORDS.has(candidate)) continue;
    const distance = editDistance(word, candidate);
    if (distance > edits) continue;
    if (!best || distance < best.distance || (distance === best.distance && (uses > best.uses || (uses === best.uses && candidate < best.word)))) {
      best = { word: candidate, distance, uses };
    }
  }
  return best?.word ?? null;
}
