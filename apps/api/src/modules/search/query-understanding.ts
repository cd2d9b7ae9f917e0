import type { WordNet, Synset } from './wordnet';

// What a buyer's words mean for the catalogue, read through WordNet (a lexical database of English:
// which words name the same thing, and which things are kinds of which). Each word or phrase the
// buyer typed becomes a concept the search looks for at several levels: the word itself, then its
// synonyms ("frying pan" → skillet), then kinds of it ("shoes" → sneakers; "pots" → dutch oven), then
// close relatives under the same small family ("shoes" → boots, both footwear). Only words the
// catalogue actually uses are kept, so a concept stays a handful of words.
//
// One concept can be the head: the kind of product asked for ("car tires": tires; "linen shirt for
// summer": shirt). When no listing's title names the head at any level, the catalogue has nothing of
// that kind, and the search says so instead of answering with listings that share a side word.

export interface ConceptTerm {
  term: string;
  /** Matched as the exact word ('simple'), not its stem: "glasses" must not find "glass". */
  isExact: boolean;
}

export interface ConceptLevel {
  terms: ConceptTerm[];
  /** How much a hit at this level counts, against 1 for the word itself. */
  weight: number;
}

export interface SearchConcept {
  /** The buyer's word or phrase, or the related word an interest or recipient implies. */
  text: string;
  /** Implied, not typed: it counts less. */
  isRelated: boolean;
  /** The kind of product asked for: see the module comment. */
  isHead: boolean;
  /**
   * A close trigram match in the title counts too: for a typed word English does not know (a typo the
   * speller left) and for an interest's word ("trail" ~ "Trailhead").
   */
  isFuzzy: boolean;
  /** Level 0 is the text itself; empty levels are left out. */
  levels: ConceptLevel[];
}

export interface UnderstandInput {
  /** The query as typed, for the order of its words ("for", "and"). */
  query: string;
  /** The parser's keywords, typos corrected, in the order typed. */
  keywords: readonly string[];
  /** Words an interest implies ("coffee lover" → mug, french press): looked for as they are. */
  relatedTerms: readonly string[];
  /** Kinds of product a recipient's gifts are ("for her" → jewelry): widened like a typed word. */
  relatedKinds: readonly string[];
  /** Keywords that named an interest ("coffee", "hiking"): about the person, not the product. */
  interestWords: readonly string[];
  /** Keywords read as materials or colours: they describe a product, they are not one. */
  attributeWords: readonly string[];
  /** Every word the active listings use (unstemmed), with how many use it. */
  vocabulary: ReadonlyMap<string, number>;
}

export interface QueryUnderstanding {
  concepts: SearchConcept[];
  /** Typed words and what they were widened to, for the interpretation. */
  expansions: Array<{ word: string; terms: string[] }>;
}

export interface QueryLexicon {
  understand(input: UnderstandInput): QueryUnderstanding;
  /**
   * What English knows the word as, for the speller: 'product' (a thing one can buy, in any form:
   * "trainers"), 'word' (a dictionary word as written: "kindle", "frying", "wedding"), both never typos
   * of a catalogue word; 'inflection' (only its base form is a word, and not a product: "bots" → bot),
   * a typo if one edit away; null (unknown: likely a typo).
   */
  knownAs(word: string): 'product' | 'word' | 'inflection' | null;
  /** Nouns made from a verb the buyer typed ("read" → reader, reading): lets "to read" name the reading interest. */
  relatedForms(word: string): string[];
  /**
   * How close a typed word's meaning is to a group of catalogue words, from 0 (nothing in common below
   * "entity") to 1 (the same thing). Used to point a search that found nothing to the nearest category.
   */
  closeness(word: string, catalogueWords: readonly string[]): number;
}

// ── tuning ──────────────────────────────────────────────────────────────────────────────────────
/** WordNet's files of things one can buy: man-made things, writings (books, poems), food, substances (materials). */
const PRODUCT_LEX_FILES = new Set([6, 10, 13, 27]);
/** A head must be a thing or a writing: "night", "adults", "skin" are not products. */
const HEAD_LEX_FILES = new Set([6, 10, 13]);
/** Senses past the third are rare readings ("pot" as marijuana is the ninth): they are not widened. */
const MAX_SENSES = 3;
/** Whether a word names a product at all looks further: "case" the container is its fifth sense. */
const MAX_HEAD_SENSES = 8;
const NARROWER_DEPTH = 3;
const NARROWER_SYNSET_LIMIT = 400;
/** A parent with more children than this is a broad class ("seat", "garment"): its children are not close relatives. */
const SIBLING_FAMILY_LIMIT = 9;
/** Synonyms are also taken from senses filed as qualities or ideas ("fragrance" is filed with "aroma", beside "perfume"). */
const SYNONYM_LEX_FILES = new Set([...PRODUCT_LEX_FILES, 7, 9]);
const TERMS_PER_LEVEL = 12;
/** A category's closeness to a word is the mean over its this many closest title words. */
const CLOSENESS_WORDS = 3;
export const LEVEL_WEIGHTS = { word: 1, synonym: 0.9, narrower: 0.8, narrowerFar: 0.7, sibling: 0.5 } as const;

/**
 * Words that name a collection rather than a kind of product ("camping gear", "office supplies"):
 * never the head, so the other words decide.
 */
const COLLECTIVE_WORDS = new Set([
  'gear',
  'supplies',
  'supply',
  'accessories',
  'accessory',
  'essentials',
  'equipment',
  'kit',
  'goods',
  'set',
  'stuff',
  'collection',
]);
/** Where the product ends and its purpose or recipient begins: "tent for backpacking", "dice for dungeons and dragons". */
const SEGMENT_BREAK = /\b(?:for|to|that|which|who|about|with|without|from)\b/;
/** Function words never worth widening or matching on their own. */
const FILLER = new Set(['a', 'an', 'the', 'of', 'and', 'or', 'for', 'to', 'in', 'on', 'with', 'set', 'pair', 'piece', 'pieces']);

/** Levels of the same weight joined, each word once, at the closest level it appears in. */
function mergeLevels(levels: ConceptLevel[]): ConceptLevel[] {
  const seen = new Set<string>();
  const weights = [...new Set(levels.map((level) => level.weight))].sort((a, b) => b - a);
  return weights.flatMap((weight) => {
    const terms = levels
      .filter((level) => level.weight === weight)
      .flatMap((level) => level.terms)
      .filter((term) => !seen.has(term.term) && seen.add(term.term));
    return terms.length > 0 ? [{ terms, weight }] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Base forms WordNet may list a word under ("dresses" → dress, "boxes" → box, "berries" → berry). */
function baseForms(word: string): string[] {
  const forms = [word];
  const rules: Array<[RegExp, string]> = [
    [/ies$/, 'y'],
    [/(ss|x|z|ch|sh)es$/, '$1'],
    [/ses$/, 's'],
    [/men$/, 'man'],
    [/s$/, ''],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(word)) forms.push(word.replace(pattern, replacement));
  }
  return [...new Set(forms)].filter((form) => form.length > 1);
}

/** The forms a catalogue word may take for a WordNet lemma word: plural and singular. */
function surfaceForms(word: string): string[] {
  const forms = new Set([word, `${word}s`, `${word}es`]);
  if (/[^aeiou]y$/.test(word)) forms.add(word.replace(/y$/, 'ies'));
  if (/man$/.test(word)) forms.add(word.replace(/man$/, 'men'));
  return [...forms];
}

export function createQueryLexicon(wordNet: WordNet): QueryLexicon {
  const depthCache = new Map<number, number>();
  const productSenses = (senses: Synset[], lexFiles = PRODUCT_LEX_FILES, count = MAX_SENSES) =>
    senses.slice(0, count).filter((sense) => lexFiles.has(sense.lexFile));

  /**
   * Noun senses of a word or phrase, most common first, trying its base forms ("sneakers" → sneaker).
   * The word as typed wins when it names a product itself ("glasses": spectacles, not glass); a form
   * whose only senses are something else ("shoes": a situation) gives way to its base form.
   */
  const nounSenses = (text: string): { senses: Synset[]; lemma: string } => {
    const words = text.split(' ');
    const last = words.pop() ?? '';
    let fallback: { senses: Synset[]; lemma: string } | null = null;
    for (const form of baseForms(last)) {
      const lemma = [...words, form].join(' ');
      const senses = wordNet.senses(lemma, 'noun');
      if (senses.length === 0) continue;
      if (productSenses(senses).length > 0) return { senses, lemma };
      fallback ??= { senses, lemma };
    }
    if (fallback) return fallback;
    // An adjective of material ("wooden" → wood, "woolen" → wool).
    if (words.length === 0 && /en$/.test(last)) {
      const noun = last.replace(/en$/, '');
      const senses = wordNet.senses(noun, 'noun');
      if (senses.length > 0 && wordNet.senses(last, 'adj').length > 0) return { senses, lemma: noun };
    }
    return { senses: [], lemma: text };
  };

  /** Shortest distance from the top of WordNet's noun hierarchy. */
  const depthOf = (offset: number, guard = 0): number => {
    const cached = depthCache.get(offset);
    if (cached !== undefined) return cached;
    const synset = wordNet.synset(offset, 'noun');
    const parents = synset?.hypernyms ?? [];
    const depth = parents.length === 0 || guard > 30 ? 0 : 1 + Math.min(...parents.map((parent) => depthOf(parent, guard + 1)));
    depthCache.set(offset, depth);
    return depth;
  };

  /** Every ancestor of a synset (itself included) with its depth. */
  const ancestorsOf = (offset: number): Map<number, number> => {
    const found = new Map<number, number>();
    const stack = [offset];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (found.has(current)) continue;
      found.set(current, depthOf(current));
      stack.push(...(wordNet.synset(current, 'noun')?.hypernyms ?? []));
    }
    return found;
  };

  const knownAs = (word: string): 'product' | 'word' | 'inflection' | null => {
    const { senses } = nounSenses(word);
    if (productSenses(senses).length > 0) return 'product';
    if ((['noun', 'verb', 'adj'] as const).some((pos) => wordNet.senses(word, pos).length > 0)) return 'word';
    return senses.length > 0 ? 'inflection' : null;
  };

  const inCatalogue = (lemma: string, vocabulary: ReadonlyMap<string, number>) => {
    const words = lemma.split(/[\s-]+/).filter(Boolean);
    return words.length > 0 && words.every((word) => !FILLER.has(word) && surfaceForms(word).some((form) => vocabulary.has(form)));
  };

  /** Lemmas of synsets below these, level by level (depth 1 first). */
  const narrowerLemmas = (roots: Synset[]): { near: string[]; far: string[] } => {
    const near: string[] = [];
    const far: string[] = [];
    const seen = new Set<number>(roots.map((root) => root.offset));
    let frontier = roots.map((root) => root.offset);
    for (let depth = 1; depth <= NARROWER_DEPTH && frontier.length > 0 && seen.size < NARROWER_SYNSET_LIMIT; depth += 1) {
      const next: number[] = [];
      for (const offset of frontier) {
        for (const child of wordNet.synset(offset, 'noun')?.hyponyms ?? []) {
          if (seen.has(child) || seen.size >= NARROWER_SYNSET_LIMIT) continue;
          seen.add(child);
          next.push(child);
          const lemmas = wordNet.synset(child, 'noun')?.lemmas ?? [];
          (depth === 1 ? near : far).push(...lemmas);
        }
      }
      frontier = next;
    }
    return { near, far };
  };

  /** Lemmas of the other children of a small family the synset belongs to ("shoe" → boot, slipper, clog). */
  const siblingLemmas = (sense: Synset): string[] => {
    const lemmas: string[] = [];
    for (const parentOffset of sense.hypernyms) {
      const parent = wordNet.synset(parentOffset, 'noun');
      if (!parent || parent.hyponyms.length > SIBLING_FAMILY_LIMIT) continue;
      for (const sibling of parent.hyponyms) {
        if (sibling !== sense.offset) lemmas.push(...(wordNet.synset(sibling, 'noun')?.lemmas ?? []));
      }
    }
    return lemmas;
  };

  /** The concept for one unit, its levels kept to words the catalogue uses. */
  const conceptOf = (
    text: string,
    options: { isRelated: boolean; isWidened: boolean; vocabulary: ReadonlyMap<string, number> },
  ): { concept: SearchConcept; isProductKind: boolean } => {
    const { senses, lemma } = nounSenses(text);
    const kept = productSenses(senses);
    // "glasses" (spectacles) is not the plural of "glass" (the material): match the word as typed.
    const isExact =
      text !== lemma
        ? false
        : senses.length > 0 &&
          baseForms(text)
            .slice(1)
            .some((base) => {
              const baseSenses = wordNet.senses(base, 'noun');
              return baseSenses.length > 0 && !baseSenses.some((sense) => senses.some((own) => own.offset === sense.offset));
            });
    const used = new Set<string>([text, lemma, ...baseForms(text)]);
    const levelOf = (lemmas: string[], weight: number): ConceptLevel | null => {
      const terms: ConceptTerm[] = [];
      for (const candidate of lemmas) {
        if (used.has(candidate) || !inCatalogue(candidate, options.vocabulary)) continue;
        used.add(candidate);
        terms.push({ term: candidate, isExact: false });
        if (terms.length >= TERMS_PER_LEVEL) break;
      }
      return terms.length > 0 ? { terms, weight } : null;
    };
    const levels: (ConceptLevel | null)[] = [{ terms: [{ term: text, isExact }], weight: LEVEL_WEIGHTS.word }];
    if (options.isWidened)
      levels.push(
        levelOf(
          productSenses(senses, SYNONYM_LEX_FILES).flatMap((sense) => sense.lemmas),
          LEVEL_WEIGHTS.synonym,
        ),
      );
    if (options.isWidened && kept.length > 0) {
      const { near, far } = narrowerLemmas(kept);
      levels.push(levelOf(near, LEVEL_WEIGHTS.narrower));
      // A phrase's last word is the kind it belongs to ("jigsaw puzzle" → puzzle), as close as a far kind.
      levels.push(levelOf([...(text.includes(' ') ? [text.slice(text.lastIndexOf(' ') + 1)] : []), ...far], LEVEL_WEIGHTS.narrowerFar));
      // Relatives only for what the buyer typed, and only of the most common sense.
      if (!options.isRelated && kept[0]) levels.push(levelOf(siblingLemmas(kept[0]), LEVEL_WEIGHTS.sibling));
    }
    const isProductKind = productSenses(senses, HEAD_LEX_FILES, MAX_HEAD_SENSES).length > 0;
    return {
      // Trigram closeness forgives typos, and lets an interest's word find its compounds ("trail" ~
      // "Trailhead"); a typed word English knows ("strings") is not a typo of a catalogue word ("rings").
      concept: {
        text,
        isRelated: options.isRelated,
        isHead: false,
        isFuzzy: !text.includes(' ') && (options.isRelated ? !options.isWidened : knownAs(text) === null),
        levels: levels.filter((level): level is ConceptLevel => level !== null),
      },
      isProductKind,
    };
  };

  /** Adjacent keywords that WordNet knows as one thing ("frying pan", "board game", "cast iron"). */
  const groupPhrases = (keywords: readonly string[]): string[] => {
    const units: string[] = [];
    for (let index = 0; index < keywords.length; ) {
      let taken = 1;
      for (const size of [3, 2]) {
        if (index + size > keywords.length) continue;
        const phrase = keywords.slice(index, index + size).join(' ');
        if (nounSenses(phrase).senses.length > 0) {
          taken = size;
          break;
        }
      }
      units.push(keywords.slice(index, index + taken).join(' '));
      index += taken;
    }
    return units;
  };

  const wordPattern = (unit: string) =>
    unit
      .split(' ')
      .map((word) => `${escapeRegExp(word)}(?:'?s|es)?`)
      .join(String.raw`[\s-]+`);

  return {
    understand(input) {
      const query = ` ${input.query.toLowerCase().replace(/[’‘]/g, "'")} `;
      const breakAt = query.slice(1).search(SEGMENT_BREAK);
      const firstSegment = breakAt >= 0 ? query.slice(0, breakAt + 1) : query;
      // "camping gear": the collection word adds nothing the other words do not say.
      const grouped = groupPhrases(input.keywords);
      const units = grouped.some((unit) => !COLLECTIVE_WORDS.has(unit)) ? grouped.filter((unit) => !COLLECTIVE_WORDS.has(unit)) : grouped;
      const typed = units.map((unit) => ({ unit, ...conceptOf(unit, { isRelated: false, isWidened: true, vocabulary: input.vocabulary }) }));

      // ── the head: the last typed thing before the purpose or recipient, if it names a product ──
      const inFirstSegment = (unit: string) => new RegExp(String.raw`(?<![\w-])${wordPattern(unit)}(?![\w-])`).test(firstSegment);
      const lastWordOf = (unit: string) => unit.slice(unit.lastIndexOf(' ') + 1);
      const isCandidateHead = (entry: (typeof typed)[number]) =>
        entry.isProductKind &&
        !COLLECTIVE_WORDS.has(entry.unit) &&
        !input.interestWords.includes(lastWordOf(entry.unit)) &&
        !input.attributeWords.includes(lastWordOf(entry.unit));
      const segmentUnits = typed.filter((entry) => inFirstSegment(entry.unit) && !COLLECTIVE_WORDS.has(entry.unit));
      const last = segmentUnits.at(-1);
      if (last && isCandidateHead(last)) {
        last.concept.isHead = true;
        // "pots and pans", "earrings or a necklace": each named kind is asked for.
        for (let index = typed.indexOf(last) - 1; index >= 0; index -= 1) {
          const previous = typed[index]!;
          const joined = new RegExp(
            String.raw`${wordPattern(previous.unit)}\s*(?:,|&|\band\b|\bor\b|\bn\b)\s*(?:an?\s+|the\s+)?${wordPattern(typed[index + 1]!.unit)}`,
          ).test(query);
          if (!joined || !isCandidateHead(previous)) break;
          previous.concept.isHead = true;
        }
      }

      const typedTexts = new Set(units);
      const related = input.relatedTerms
        .filter((term) => !typedTexts.has(term))
        .map((term) => conceptOf(term, { isRelated: true, isWidened: false, vocabulary: input.vocabulary }).concept);
      // A recipient's kinds are alternatives: one concept, so perfume counts once, not as perfume and as a toiletry.
      const kinds = input.relatedKinds
        .filter((term) => !typedTexts.has(term))
        .map((term) => conceptOf(term, { isRelated: true, isWidened: true, vocabulary: input.vocabulary }).concept);
      if (kinds.length > 0)
        related.push({
          text: kinds.map((kind) => kind.text).join(' '),
          isRelated: true,
          isHead: false,
          isFuzzy: false,
          levels: mergeLevels(kinds.flatMap((kind) => kind.levels)),
        });

      return {
        concepts: [...typed.map((entry) => entry.concept), ...related],
        expansions: typed
          .map((entry) => ({ word: entry.unit, terms: entry.concept.levels.slice(1).flatMap((level) => level.terms.map((term) => term.term)) }))
          .filter((expansion) => expansion.terms.length > 0),
      };
    },

    knownAs,

    relatedForms(word) {
      const forms = new Set<string>();
      for (const sense of wordNet.senses(word, 'verb').slice(0, 2)) {
        for (const pointer of sense.derived) {
          if (pointer.pos !== 'noun') continue;
          for (const lemma of wordNet.synset(pointer.offset, 'noun')?.lemmas ?? []) if (!lemma.includes(' ')) forms.add(lemma);
        }
      }
      forms.delete(word);
      return [...forms];
    },

    closeness(word, catalogueWords) {
      const own = productSenses(nounSenses(word).senses, HEAD_LEX_FILES)[0];
      if (!own) return 0;
      const ancestors = ancestorsOf(own.offset);
      const ownDepth = depthOf(own.offset);
      // Wu and Palmer's similarity (twice the depth of the most specific common ancestor over the sum
      // of both depths), averaged over the closest few words: one word read in a far sense ("rings" as
      // hoops, near "tires") does not make a category near.
      const similarities: number[] = [];
      for (const catalogueWord of new Set(catalogueWords)) {
        const sense = productSenses(nounSenses(catalogueWord).senses, HEAD_LEX_FILES)[0];
        if (!sense) continue;
        let shared = 0;
        for (const [offset] of ancestorsOf(sense.offset)) shared = Math.max(shared, ancestors.get(offset) ?? 0);
        const depths = ownDepth + depthOf(sense.offset);
        similarities.push(depths === 0 ? 0 : (2 * shared) / depths);
      }
      const closest = similarities.sort((a, b) => b - a).slice(0, CLOSENESS_WORDS);
      return closest.length === 0 ? 0 : closest.reduce((sum, similarity) => sum + similarity, 0) / CLOSENESS_WORDS;
    },
  };
}
