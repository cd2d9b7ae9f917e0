// How often the catalogue's page cache (decision 0007: 5 s, 500 pages) answers under a realistic mix of
// requests, with the cache's own code and a simulated clock: shoppers ask for a few thousand distinct pages
// (their words, filters, sorts and page numbers), the popular ones far more often (Zipf), and every order
// placed or listing changed drops the whole cache (listing.changed). Prints the hit rate for each request
// rate and write rate; nothing is sent to a server.
//
//   npx tsx bench/catalog/cache-hit-rate.ts [--distinct 3000] [--zipf 1.0] [--seconds 600] [--seed 8]
import { parseArgs } from 'node:util';
import { createMicroCache } from '../../apps/api/src/lib/micro-cache';
import { SEARCH_CACHE_ENTRIES } from '../../apps/api/src/modules/search/catalogue-search.service';
import { createRandom } from '../data/random';

const { values: flags } = parseArgs({
  options: {
    distinct: { type: 'string', default: '3000' },
    zipf: { type: 'string', default: '1.0' },
    seconds: { type: 'string', default: '600' },
    seed: { type: 'string', default: '8' },
    'ttl-seconds': { type: 'string', default: '5' },
  },
});
const distinct = Number(flags.distinct);
const exponent = Number(flags.zipf);
const seconds = Number(flags.seconds);
const ttlMs = Number(flags['ttl-seconds']) * 1000;

// The distinct pages: words a shopper types (or none), a category or none, a sort and a page number, so the
// key space looks like the catalogue's own (catalogue-search.service.ts keys on all of them).
const WORDS = [
  '',
  'headphones',
  'wireless headphones',
  'camera',
  'kettle',
  'tent',
  'guitar',
  'lamp',
  'watch',
  'backpack',
  'sneakers',
  'keyboard',
  'drone',
  'necklace',
  'mug',
  'bicycle',
  'speaker',
  'jacket',
  'blender',
  'novel',
];
const CATEGORIES = ['', 'audio', 'cameras', 'home-kitchen', 'outdoors', 'music', 'fashion', 'computers', 'toys', 'jewelry', 'books'];
const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'];
const keys: string[] = [];
for (let page = 1; keys.length < distinct; page += 1) {
  for (const sort of SORTS)
    for (const category of CATEGORIES) for (const words of WORDS) if (keys.length < distinct) keys.push(JSON.stringify([words, category, sort, page]));
}

/** Zipf ranks: P(rank k) ∝ 1 / k^s, drawn by inverting the cumulative weights. */
const random = createRandom(Number(flags.seed));
const cumulative: number[] = [];
let sum = 0;
for (let rank = 1; rank <= distinct; rank += 1) cumulative.push((sum += 1 / rank ** exponent));
const draw = () => {
  const target = random.next() * sum;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return keys[low]!;
};

async function simulate(requestsPerSecond: number, writesPerSecond: number) {
  let now = 0;
  const clock = { now: () => new Date(now) };
  const cache = createMicroCache<number>({ ttlMs, maxEntries: SEARCH_CACHE_ENTRIES, clock });
  const end = seconds * 1000;
  let nextWrite = writesPerSecond > 0 ? (-Math.log(1 - random.next()) / writesPerSecond) * 1000 : Infinity;
  while (now < end) {
    now += (-Math.log(1 - random.next()) / requestsPerSecond) * 1000;
    while (nextWrite <= now) {
      cache.invalidate();
      nextWrite += (-Math.log(1 - random.next()) / writesPerSecond) * 1000;
    }
    await cache.getOrLoad(draw(), async () => 1);
  }
  const { hits, misses } = cache.stats;
  return hits / (hits + misses);
}

console.log(
  `${distinct.toLocaleString('en-US')} distinct pages, Zipf s = ${exponent}, ${seconds} s simulated, cache ${ttlMs / 1000} s × ${SEARCH_CACHE_ENTRIES} pages`,
);
console.log('| catalogue requests/s | no writes | 1 order a minute | 1 order a second | 5 orders a second |');
console.log('| ---: | ---: | ---: | ---: | ---: |');
for (const rate of [10, 50, 200, 1000]) {
  const cells: string[] = [];
  for (const writes of [0, 1 / 60, 1, 5]) cells.push(`${((await simulate(rate, writes)) * 100).toFixed(1)} %`);
  console.log(`| ${rate} | ${cells.join(' | ')} |`);
}
