// Realistic plain-language queries over the demo catalogue (apps/api/src/db/seed/demo-data.ts) and
// the listings a person typing them would expect to see near the top. The precision test seeds the
// demo marketplace and scores the search on these: precision@5 = relevant listings in the top 5 ÷
// min(5, expected count). Expectations are written from the catalogue, not from the search's output.

export interface PrecisionCase {
  query: string;
  expected: readonly string[];
}

export const PRECISION_CASES: readonly PrecisionCase[] = [
  // ── plain product words ──
  { query: 'wireless headphones', expected: ['Aurora Wireless Noise-Cancelling Headphones', 'EchoFit True Wireless Earbuds'] },
  { query: 'bluetooth speaker', expected: ['Pulse Mini Bluetooth Speaker'] },
  { query: 'mechanical keyboard', expected: ['Keystone 75% Mechanical Keyboard'] },
  { query: 'a charger for my laptop', expected: ['Nimbus 65W USB-C Charger'] },
  { query: 'desk lamp', expected: ['Halo Smart LED Desk Lamp'] },
  { query: 'e-reader', expected: ['Paperleaf 6-Inch E-Reader (Refurbished)'] },
  { query: 'jigsaw puzzle', expected: ['Lighthouse at Dusk 1000-Piece Puzzle'] },
  { query: 'board game for game night', expected: ['Castles of the Valley Strategy Board Game'] },
  { query: 'dice for dungeons and dragons', expected: ['Polyhedral Dice Set of Seven'] },
  { query: 'tent for backpacking', expected: ['Featherlight Two-Person Backpacking Tent'] },
  // ── typos ──
  { query: 'lether bots', expected: ['Leather Chelsea Boots'] },
  { query: 'hedphones', expected: ['Aurora Wireless Noise-Cancelling Headphones'] },
  { query: 'cashmer beanie', expected: ['Cashmere Ribbed Beanie'] },
  { query: 'sunscren', expected: ['Mineral Sunscreen SPF 40'] },
  { query: 'dumbell', expected: ['Adjustable Dumbbell, 5 to 25 lb'] },
  // ── prices ──
  { query: 'watch under $200', expected: ['Field Quartz Watch with Canvas Strap', 'Minimalist Mesh Watch, 36 mm'] },
  { query: 'jewelry below 50', expected: ['Gold-Plated Initial Necklace', 'Hammered Silver Stacking Rings, Set of Three'] },
  { query: 'headphones over $100', expected: ['Aurora Wireless Noise-Cancelling Headphones'] },
  {
    query: 'books between $30 and $40',
    expected: ["Everyday Sourdough: A Baker's Handbook", 'Code and Craft: Practical Software Design', 'The Illustrated Atlas of Night Skies'],
  },
  { query: 'a jacket around $70', expected: ['Vintage Denim Trucker Jacket'] },
  { query: 'beauty products less than $20', expected: ['Bamboo Bristle Detangling Brush', 'Lavender Epsom Bath Salts', 'Mineral Sunscreen SPF 40'] },
  // ── sort intent, condition, category ──
  { query: 'cheapest watch', expected: ['Field Quartz Watch with Canvas Strap', 'Minimalist Mesh Watch, 36 mm', 'Meridian Automatic Watch, 40 mm'] },
  {
    query: 'used books',
    expected: ['Code and Craft: Practical Software Design', 'Collected Poems of the Coastal Road', 'Classic Mystery Box Set, Five Paperbacks'],
  },
  { query: 'like new watch', expected: ['Minimalist Mesh Watch, 36 mm'] },
  { query: 'second hand jacket', expected: ['Vintage Denim Trucker Jacket'] },
  { query: 'vintage watch', expected: ['Vintage Chronograph Watch, 1970s'] },
  // ── materials and attributes ──
  { query: 'linen shirt for summer', expected: ['Linen Button-Down Shirt'] },
  {
    query: 'something in sterling silver',
    expected: ['Sterling Silver Hoop Earrings', 'Hammered Silver Stacking Rings, Set of Three', 'Freshwater Pearl Bracelet', 'Gold-Plated Initial Necklace'],
  },
  { query: 'cast iron pan', expected: ['Pre-Seasoned Cast Iron Skillet, 10 Inch', 'Enameled Dutch Oven, 5.5 Quart'] },
  { query: 'merino wool sweater', expected: ['Merino Wool Crew Sweater'] },
  // ── interests and gifts ──
  { query: 'gift for a coffee lover', expected: ['Glass French Press, 34 oz', 'Stoneware Coffee Mug Set of Two'] },
  {
    query: 'gift for someone who loves hiking',
    expected: ['Ridgeline 28L Hiking Daypack', 'Summit Carbon Trekking Poles, Pair', 'Trailhead Insulated Water Bottle, 32 oz'],
  },
  { query: 'present for a baker', expected: ["Everyday Sourdough: A Baker's Handbook", 'Enameled Dutch Oven, 5.5 Quart'] },
  { query: 'toy for a toddler', expected: ['Wooden Rainbow Stacker', 'Magnetic Building Tiles, 60 Pieces', 'Plush Fox Stuffed Animal'] },
  {
    query: 'skincare for dry skin',
    expected: ['Cold-Pressed Rosehip Facial Oil', 'Whipped Shea Butter Body Cream', 'Vitamin C Brightening Serum', 'Kaolin Clay Detox Face Mask'],
  },
  { query: 'something relaxing for a bath', expected: ['Lavender Epsom Bath Salts'] },
  { query: 'book about birds', expected: ['Field Guide to North American Birds'] },
  { query: 'gift for a stargazer', expected: ['The Illustrated Atlas of Night Skies'] },
  { query: 'water bottle that keeps drinks cold', expected: ['Trailhead Insulated Water Bottle, 32 oz'] },
  { query: 'warm winter hat', expected: ['Cashmere Ribbed Beanie'] },
];

/** The bar the test holds the search to. */
export const MIN_PRECISION_AT_5 = 0.8;

/** Relevant listings among the first five ÷ how many could be there. */
export function precisionAt5(resultTitles: readonly string[], expected: readonly string[]): number {
  const top = resultTitles.slice(0, 5);
  const hits = top.filter((title) => expected.includes(title)).length;
  return hits / Math.min(5, expected.length);
}
