// The fixed content of the demo marketplace. Everything random (ids, dates, picture colours) is drawn
// by the seed from a fixed seed; this file holds only what a person would write by hand.

/** Every demo account signs in with this password (printed at start, never used outside the demo). */
export const DEMO_PASSWORD = 'marketplace-demo';

export type DemoRole = 'admin' | 'seller' | 'buyer';

export interface DemoCategory {
  slug: string;
  name: string;
  /** 12.5% = 1250. */
  commissionRateBasisPoints: number;
}

export const DEMO_CATEGORIES = [
  { slug: 'electronics', name: 'Electronics', commissionRateBasisPoints: 800 },
  { slug: 'fashion', name: 'Fashion', commissionRateBasisPoints: 1200 },
  { slug: 'home-kitchen', name: 'Home & Kitchen', commissionRateBasisPoints: 1000 },
  { slug: 'books', name: 'Books', commissionRateBasisPoints: 500 },
  { slug: 'sports-outdoors', name: 'Sports & Outdoors', commissionRateBasisPoints: 900 },
  { slug: 'beauty', name: 'Beauty', commissionRateBasisPoints: 1100 },
  { slug: 'toys-games', name: 'Toys & Games', commissionRateBasisPoints: 1000 },
  { slug: 'jewelry-watches', name: 'Jewelry & Watches', commissionRateBasisPoints: 1500 },
] as const satisfies readonly DemoCategory[];

export type DemoCategorySlug = (typeof DEMO_CATEGORIES)[number]['slug'];

export interface DemoUser {
  email: string;
  role: DemoRole;
  firstName: string;
  lastName: string;
  phone?: string;
  companyName?: string;
  /** A seller's handling time in business days, shown on their shop page. */
  handlingDays?: number;
  /** A seller away on vacation (docs/product/shops.md): for this many days after the seed's today, with this message. */
  vacation?: { days: number; message: string };
}

export const DEMO_ADMIN = {
  email: 'admin@example.com',
  role: 'admin',
  firstName: 'Avery',
  lastName: 'Stone',
  phone: '+1 (212) 555-0100',
} as const satisfies DemoUser;

/** Sellers are referred to by key in the product list below. */
export const DEMO_SELLERS = {
  northwind: {
    email: 'seller@example.com',
    role: 'seller',
    firstName: 'Maya',
    lastName: 'Chen',
    phone: '+1 (503) 555-0142',
    companyName: 'Northwind Outfitters',
    handlingDays: 2,
  },
  brightside: {
    email: 'seller2@example.com',
    role: 'seller',
    firstName: 'Daniel',
    lastName: 'Okafor',
    phone: '+1 (512) 555-0178',
    companyName: 'Brightside Electronics',
    handlingDays: 1,
  },
  maple: {
    email: 'seller3@example.com',
    role: 'seller',
    firstName: 'Sofia',
    lastName: 'Marquez',
    phone: '+1 (617) 555-0119',
    companyName: 'Maple & Thread Home',
    handlingDays: 3,
  },
  // The demo's shop on vacation: its listings show "This shop is away until …" and cannot be bought meanwhile.
  driftwood: {
    email: 'seller4@example.com',
    role: 'seller',
    firstName: 'Noah',
    lastName: 'Lindqvist',
    phone: '+1 (207) 555-0163',
    companyName: 'Driftwood Pottery Studio',
    handlingDays: 4,
    vacation: { days: 12, message: 'Firing the kiln for the winter market. Orders open again soon!' },
  },
} as const satisfies Record<string, DemoUser & { role: 'seller'; companyName: string }>;

export type DemoSellerKey = keyof typeof DEMO_SELLERS;

export const DEMO_BUYERS = [
  { email: 'buyer@example.com', role: 'buyer', firstName: 'Alex', lastName: 'Morgan', phone: '+1 (415) 555-0131' },
  { email: 'buyer2@example.com', role: 'buyer', firstName: 'Jordan', lastName: 'Lee', phone: '+1 (206) 555-0164' },
  { email: 'buyer3@example.com', role: 'buyer', firstName: 'Priya', lastName: 'Shah' },
  { email: 'buyer4@example.com', role: 'buyer', firstName: 'Liam', lastName: "O'Brien", phone: '+1 (312) 555-0187' },
  { email: 'buyer5@example.com', role: 'buyer', firstName: 'Emma', lastName: 'Rossi' },
  { email: 'buyer6@example.com', role: 'buyer', firstName: 'Noah', lastName: 'Kim', phone: '+1 (303) 555-0122' },
] as const satisfies readonly DemoUser[];

/** The accounts to print when the server starts on a freshly seeded database. */
export const DEMO_LOGINS: ReadonlyArray<{ email: string; role: DemoRole }> = [DEMO_ADMIN, ...Object.values(DEMO_SELLERS), ...DEMO_BUYERS].map(
  ({ email, role }) => ({ email, role }),
);

export type DemoProductCondition = 'new' | 'like_new' | 'good' | 'fair';

/**
 * The spec's "retip": a paid add-on service. `label` is the name buyers tick on the product page and see
 * in their cart and order; `service` says the same in the description's own words.
 */
export interface DemoRetip {
  label: string;
  service: string;
  priceCents: number;
}

const GIFT_WRAP: DemoRetip = { label: 'Gift wrapping', service: 'Gift wrapping with a handwritten note', priceCents: 499 };
const EXTENDED_WARRANTY: DemoRetip = { label: 'Two-year extended warranty', service: 'A two-year extended warranty', priceCents: 1999 };
const SHORT_WARRANTY: DemoRetip = { label: 'One-year extended warranty', service: 'A one-year extended warranty', priceCents: 999 };
const ENGRAVING: DemoRetip = { label: 'Engraving', service: 'Custom engraving of up to 20 characters', priceCents: 1299 };

export interface DemoProduct {
  title: string;
  category: DemoCategorySlug;
  seller: DemoSellerKey;
  description: string;
  priceCents: number;
  quantity: number;
  condition: DemoProductCondition;
  weightOunces: number;
  retip?: DemoRetip;
  /**
   * Its variations and the combinations on offer (decision 0043); `priceCents` and `quantity` above are then
   * their totals (the lowest price, the units), which the seed writes from these.
   */
  variations?: { name: string; options: string[] }[];
  variants?: { options: Record<string, string>; priceCents: number; quantity: number; sku?: string }[];
  /** What it asks its buyers to write (docs/product/listings.md "Personalisation"). */
  personalization?: { required: boolean; instructions: string; maxLength: number };
}

/** Every combination of two lists of options, each with the same price and the stock given in order. */
function grid(
  first: { name: string; options: string[] },
  second: { name: string; options: string[] },
  priceCents: number,
  stock: readonly number[],
  sku: string,
) {
  return first.options.flatMap((a, i) =>
    second.options.map((b, j) => ({
      options: { [first.name]: a, [second.name]: b },
      priceCents,
      quantity: stock[i * second.options.length + j] ?? 0,
      sku: `${sku}-${a}-${b}`.toUpperCase().replace(/\s+/g, ''),
    })),
  );
}

const JEANS_WAIST = { name: 'Waist', options: ['28', '30', '32', '34', '36'] };
const JEANS_LENGTH = { name: 'Length', options: ['30', '32'] };
const SWEATER_SIZE = { name: 'Size', options: ['S', 'M', 'L', 'XL'] };
const SWEATER_COLOUR = { name: 'Colour', options: ['Navy', 'Oatmeal'] };
const MUG_GLAZE = { name: 'Glaze', options: ['Speckled white', 'Sea green', 'Charcoal'] };

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // ── Electronics ──
  {
    title: 'Aurora Wireless Noise-Cancelling Headphones',
    category: 'electronics',
    seller: 'brightside',
    description:
      'Over-ear headphones with adaptive noise cancelling and 30 hours of battery life. Memory-foam cushions stay comfortable through a long flight, and a quick 10-minute charge adds five hours of playback.',
    priceCents: 14999,
    quantity: 24,
    condition: 'new',
    weightOunces: 11,
    retip: EXTENDED_WARRANTY,
  },
  {
    title: 'Pulse Mini Bluetooth Speaker',
    category: 'electronics',
    seller: 'brightside',
    description: 'A palm-sized speaker with surprisingly full bass and a splash-proof fabric shell. Pair two for stereo sound on the patio.',
    priceCents: 4999,
    quantity: 38,
    condition: 'new',
    weightOunces: 14,
    retip: GIFT_WRAP,
  },
  {
    title: 'Nimbus 65W USB-C Charger',
    category: 'electronics',
    seller: 'brightside',
    description: 'One compact gallium-nitride charger for a laptop, a tablet and a phone at once. The folding prongs make it an easy travel companion.',
    priceCents: 3499,
    quantity: 50,
    condition: 'new',
    weightOunces: 6,
  },
  {
    title: 'Halo Smart LED Desk Lamp',
    category: 'electronics',
    seller: 'brightside',
    description:
      'A dimmable desk lamp with five colour temperatures and a USB port in its base. An ambient-light sensor keeps your workspace evenly lit from morning to evening.',
    priceCents: 5999,
    quantity: 12,
    condition: 'new',
    weightOunces: 48,
  },
  {
    title: 'EchoFit True Wireless Earbuds',
    category: 'electronics',
    seller: 'brightside',
    description: 'Sweat-resistant earbuds with secure fins that stay put on a run. The charging case adds another 24 hours of listening.',
    priceCents: 7999,
    quantity: 0,
    condition: 'new',
    weightOunces: 4,
    retip: SHORT_WARRANTY,
  },
  {
    title: 'Paperleaf 6-Inch E-Reader (Refurbished)',
    category: 'electronics',
    seller: 'brightside',
    description:
      'A glare-free e-ink reader with a warm front light, professionally refurbished and tested. The screen is flawless; the back shows faint signs of use.',
    priceCents: 8999,
    quantity: 3,
    condition: 'like_new',
    weightOunces: 8,
  },
  {
    title: 'Keystone 75% Mechanical Keyboard',
    category: 'electronics',
    seller: 'brightside',
    description:
      'A compact aluminium keyboard with hot-swappable tactile switches and PBT keycaps. It connects over USB-C or Bluetooth to up to three devices.',
    priceCents: 11999,
    quantity: 9,
    condition: 'new',
    weightOunces: 36,
  },
  {
    title: 'Trailcam 4K Action Camera',
    category: 'electronics',
    seller: 'northwind',
    description:
      'Rugged 4K camera with image stabilisation, waterproof to 10 metres without a case. Lightly used on two hiking trips and sold with both mounts and a spare battery.',
    priceCents: 17999,
    quantity: 2,
    condition: 'good',
    weightOunces: 9,
    retip: EXTENDED_WARRANTY,
  },

  // ── Fashion ──
  {
    title: 'Harbor Canvas Low-Top Sneakers',
    category: 'fashion',
    seller: 'northwind',
    description: 'Classic low-tops in heavyweight organic canvas on a natural rubber sole. A cushioned insole makes them an all-day pair.',
    priceCents: 6499,
    quantity: 30,
    condition: 'new',
    weightOunces: 28,
  },
  {
    title: 'Merino Wool Crew Sweater',
    category: 'fashion',
    seller: 'northwind',
    description: 'A fine-gauge sweater knitted from soft, itch-free merino. It layers neatly under a jacket and keeps its shape wash after wash.',
    priceCents: 8900,
    quantity: 18,
    condition: 'new',
    weightOunces: 14,
    retip: GIFT_WRAP,
    variations: [SWEATER_SIZE, SWEATER_COLOUR],
    // The large in oatmeal is sold out; the other sizes keep selling.
    // The XL costs more (more wool): the lists say "From $89.00".
    variants: grid(SWEATER_SIZE, SWEATER_COLOUR, 8900, [2, 3, 4, 3, 3, 0, 2, 1], 'MER').map((variant) =>
      variant.options.Size === 'XL' ? { ...variant, priceCents: 9400 } : variant,
    ),
  },
  {
    title: 'Selvedge Slim-Fit Jeans',
    category: 'fashion',
    seller: 'northwind',
    description: 'Raw 13.5 oz selvedge denim cut slim through the thigh with a gentle taper. They fade beautifully to the way you wear them.',
    priceCents: 9800,
    quantity: 22,
    condition: 'new',
    weightOunces: 24,
    variations: [JEANS_WAIST, JEANS_LENGTH],
    variants: grid(JEANS_WAIST, JEANS_LENGTH, 9800, [1, 2, 3, 3, 3, 4, 2, 2, 1, 1], 'SSJ'),
  },
  {
    title: 'Waxed Cotton Field Jacket',
    category: 'fashion',
    seller: 'northwind',
    description: 'A weatherproof waxed-cotton jacket with a corduroy collar and four bellows pockets. The tartan lining adds warmth without bulk.',
    priceCents: 18900,
    quantity: 6,
    condition: 'new',
    weightOunces: 48,
  },
  {
    title: 'Leather Chelsea Boots',
    category: 'fashion',
    seller: 'northwind',
    description:
      'Full-grain leather boots with elastic gussets and a Goodyear-welted sole that can be resoled for years. Worn twice indoors; they come in the original box.',
    priceCents: 15900,
    quantity: 4,
    condition: 'like_new',
    weightOunces: 56,
  },
  {
    title: 'Linen Button-Down Shirt',
    category: 'fashion',
    seller: 'northwind',
    description: 'A breathable shirt in garment-washed European linen, relaxed but not boxy. Ideal for warm days and summer evenings.',
    priceCents: 5400,
    quantity: 27,
    condition: 'new',
    weightOunces: 9,
  },
  {
    title: 'Vintage Denim Trucker Jacket',
    category: 'fashion',
    seller: 'northwind',
    description: 'A 1990s trucker jacket with a naturally faded wash and original copper buttons. Minor fraying at the cuffs adds to its character.',
    priceCents: 7200,
    quantity: 1,
    condition: 'good',
    weightOunces: 32,
  },
  {
    title: 'Cashmere Ribbed Beanie',
    category: 'fashion',
    seller: 'maple',
    description: 'A ribbed beanie knitted from pure Mongolian cashmere. Warm, light and soft enough to wear all winter.',
    priceCents: 4500,
    quantity: 0,
    condition: 'new',
    weightOunces: 4,
    retip: GIFT_WRAP,
  },

  // ── Home & Kitchen ──
  {
    title: 'Stoneware Coffee Mug Set of Two',
    category: 'home-kitchen',
    seller: 'maple',
    description: 'Two 12 oz mugs with a speckled reactive glaze, each one slightly different. They are microwave and dishwasher safe.',
    priceCents: 3400,
    quantity: 40,
    condition: 'new',
    weightOunces: 30,
    retip: GIFT_WRAP,
    // The mug's colours (decision 0043): one variation, every glaze at the same price.
    variations: [MUG_GLAZE],
    variants: MUG_GLAZE.options.map((glaze, index) => ({
      options: { Glaze: glaze },
      priceCents: 3400,
      quantity: [16, 14, 10][index] ?? 0,
      sku: `SCM-${glaze}`.toUpperCase().replace(/\s+/g, ''),
    })),
  },
  {
    title: 'Salt-Glazed Stoneware Pitcher',
    category: 'home-kitchen',
    seller: 'driftwood',
    description: 'A one-litre pitcher thrown on the wheel and salt-glazed in a wood kiln, so no two are alike. Pours without a drip.',
    priceCents: 5800,
    quantity: 6,
    condition: 'new',
    weightOunces: 40,
  },
  {
    title: 'Hand-Thrown Ramen Bowl Pair',
    category: 'home-kitchen',
    seller: 'driftwood',
    description: 'Two deep 24 oz bowls in a speckled oatmeal glaze, wide enough for noodles and broth. Dishwasher safe.',
    priceCents: 4600,
    quantity: 8,
    condition: 'new',
    weightOunces: 48,
  },
  {
    title: 'Pre-Seasoned Cast Iron Skillet, 10 Inch',
    category: 'home-kitchen',
    seller: 'maple',
    description: 'A heavy cast iron skillet that goes from the stovetop to the oven to the campfire. It arrives seasoned and only gets better with use.',
    priceCents: 3999,
    quantity: 25,
    condition: 'new',
    weightOunces: 88,
  },
  {
    title: 'Hand-Thrown Ceramic Planter',
    category: 'home-kitchen',
    seller: 'maple',
    description: 'A wheel-thrown planter with a drainage hole and matching saucer. It fits a 6-inch nursery pot.',
    priceCents: 2900,
    quantity: 14,
    condition: 'new',
    weightOunces: 40,
  },
  {
    title: 'Bamboo Cutting Board Set',
    category: 'home-kitchen',
    seller: 'maple',
    description: 'Three nesting boards in sustainably harvested bamboo, with juice grooves on the largest. Gentle on knife edges and easy to oil.',
    priceCents: 3600,
    quantity: 33,
    condition: 'new',
    weightOunces: 64,
  },
  {
    title: 'Glass French Press, 34 oz',
    category: 'home-kitchen',
    seller: 'maple',
    description: 'A borosilicate glass French press with a four-level stainless filter for a clean, full-bodied cup. It makes eight cups at once.',
    priceCents: 3200,
    quantity: 20,
    condition: 'new',
    weightOunces: 36,
  },
  {
    title: 'Stonewashed Linen Table Runner',
    category: 'home-kitchen',
    seller: 'maple',
    description: 'A 90-inch runner in stonewashed linen with hand-hemmed edges. The relaxed texture suits everyday meals and holiday tables alike.',
    priceCents: 2400,
    quantity: 45,
    condition: 'new',
    weightOunces: 10,
  },
  {
    title: 'Enameled Dutch Oven, 5.5 Quart',
    category: 'home-kitchen',
    seller: 'maple',
    description: 'A heavy enamelled cast iron pot for braises, stews and crusty no-knead bread. The tight-fitting lid keeps moisture where it belongs.',
    priceCents: 8900,
    quantity: 0,
    condition: 'new',
    weightOunces: 176,
  },
  {
    title: 'Vintage Brass Candle Holders, Pair',
    category: 'home-kitchen',
    seller: 'maple',
    description: 'A pair of mid-century solid brass candlesticks with a warm, unpolished patina. One base has a small dent that only shows up close.',
    priceCents: 3800,
    quantity: 2,
    condition: 'good',
    weightOunces: 22,
  },

  // ── Books ──
  {
    title: 'The Quiet Orchard: A Novel',
    category: 'books',
    seller: 'maple',
    description:
      'A hardcover first edition of the bestselling family saga set across three generations in an apple orchard. Tender, funny and impossible to put down.',
    priceCents: 2400,
    quantity: 12,
    condition: 'new',
    weightOunces: 22,
    retip: GIFT_WRAP,
  },
  {
    title: 'Field Guide to North American Birds',
    category: 'books',
    seller: 'brightside',
    description: 'More than 800 species with range maps and side-by-side illustrations of similar birds. Flexible cover, clean pages, no markings.',
    priceCents: 2899,
    quantity: 8,
    condition: 'like_new',
    weightOunces: 30,
  },
  {
    title: "Everyday Sourdough: A Baker's Handbook",
    category: 'books',
    seller: 'maple',
    description: 'A step-by-step guide to a lively starter and a dependable weekly loaf. Includes forty recipes, from country boules to cinnamon buns.',
    priceCents: 3200,
    quantity: 15,
    condition: 'new',
    weightOunces: 34,
  },
  {
    title: 'Code and Craft: Practical Software Design',
    category: 'books',
    seller: 'brightside',
    description: 'A hands-on book about designing software that stays easy to change. Some highlighting in the first three chapters; the binding is tight.',
    priceCents: 3999,
    quantity: 10,
    condition: 'good',
    weightOunces: 36,
  },
  {
    title: 'Collected Poems of the Coastal Road',
    category: 'books',
    seller: 'maple',
    description:
      'A well-loved paperback of sea-and-road poems from a beloved regional poet. The cover is creased and the pages have yellowed, but the text is complete.',
    priceCents: 1500,
    quantity: 3,
    condition: 'fair',
    weightOunces: 14,
  },
  {
    title: 'The Illustrated Atlas of Night Skies',
    category: 'books',
    seller: 'brightside',
    description: 'A large-format star atlas with seasonal sky charts for both hemispheres. Read once; the dust jacket is in excellent shape.',
    priceCents: 3500,
    quantity: 6,
    condition: 'like_new',
    weightOunces: 48,
  },
  {
    title: 'Small Spaces, Big Gardens',
    category: 'books',
    seller: 'maple',
    description: 'Ideas and planting plans for balconies, patios and window boxes. Practical, colourful and full of clever tricks for tight corners.',
    priceCents: 2200,
    quantity: 20,
    condition: 'new',
    weightOunces: 20,
  },
  {
    title: 'Classic Mystery Box Set, Five Paperbacks',
    category: 'books',
    seller: 'brightside',
    description: 'Five golden-age detective novels in a matching slipcase. Gently read, with light shelf wear on the case.',
    priceCents: 4500,
    quantity: 0,
    condition: 'good',
    weightOunces: 60,
  },

  // ── Sports & Outdoors ──
  {
    title: 'Ridgeline 28L Hiking Daypack',
    category: 'sports-outdoors',
    seller: 'northwind',
    description: 'A ventilated daypack with a hydration sleeve, hip-belt pockets and a stowable rain cover. Comfortable on full-day hikes.',
    priceCents: 8900,
    quantity: 16,
    condition: 'new',
    weightOunces: 34,
  },
  {
    title: 'Trailhead Insulated Water Bottle, 32 oz',
    category: 'sports-outdoors',
    seller: 'northwind',
    description: 'A double-wall stainless bottle that keeps drinks cold for 24 hours and hot for 12. The leak-proof lid doubles as a carry loop.',
    priceCents: 3200,
    quantity: 50,
    condition: 'new',
    weightOunces: 16,
  },
  {
    title: 'Summit Carbon Trekking Poles, Pair',
    category: 'sports-outdoors',
    seller: 'northwind',
    description: 'Ultralight carbon poles with quick-lock adjustment and cork grips. They fold down small enough to fit in a daypack.',
    priceCents: 6900,
    quantity: 11,
    condition: 'new',
    weightOunces: 20,
  },
  {
    title: 'Featherlight Two-Person Backpacking Tent',
    category: 'sports-outdoors',
    seller: 'northwind',
    description: 'A freestanding tent with two doors and two vestibules that sets up in minutes. At under 3 lb it is ready for long trails.',
    priceCents: 21900,
    quantity: 5,
    condition: 'new',
    weightOunces: 45,
  },
  {
    title: 'Natural Cork Yoga Mat',
    category: 'sports-outdoors',
    seller: 'northwind',
    description: 'A grippy cork surface on a natural rubber base that gets grippier as you sweat. Antimicrobial and easy to wipe clean.',
    priceCents: 5800,
    quantity: 19,
    condition: 'new',
    weightOunces: 70,
  },
  {
    title: 'Adjustable Dumbbell, 5 to 25 lb',
    category: 'sports-outdoors',
    seller: 'northwind',
    description: 'A dial-adjustable dumbbell that replaces five pairs of weights. Light scuffs on the cradle; the mechanism works perfectly.',
    priceCents: 12900,
    quantity: 0,
    condition: 'good',
    weightOunces: 400,
  },
  {
    title: 'Packable Down Vest',
    category: 'sports-outdoors',
    seller: 'northwind',
    description: 'A 700-fill down vest that packs into its own pocket. Worn a handful of times and freshly laundered.',
    priceCents: 9900,
    quantity: 7,
    condition: 'like_new',
    weightOunces: 12,
  },
  {
    title: 'Camp Enamel Mug Set of Four',
    category: 'sports-outdoors',
    seller: 'northwind',
    description: 'Four speckled enamel mugs that are as happy on a camp stove as on the breakfast table. Each mug holds 12 oz.',
    priceCents: 2800,
    quantity: 24,
    condition: 'new',
    weightOunces: 28,
    retip: GIFT_WRAP,
  },

  // ── Beauty ──
  {
    title: 'Cold-Pressed Rosehip Facial Oil',
    category: 'beauty',
    seller: 'maple',
    description: 'A 30 ml bottle of pure cold-pressed rosehip oil rich in vitamins A and C. A few drops at night leave skin soft and glowing.',
    priceCents: 2800,
    quantity: 26,
    condition: 'new',
    weightOunces: 4,
    retip: GIFT_WRAP,
  },
  {
    title: 'Whipped Shea Butter Body Cream',
    category: 'beauty',
    seller: 'maple',
    description: 'An 8 oz jar of rich whipped shea butter with a light vanilla scent. It melts in quickly without feeling greasy.',
    priceCents: 2200,
    quantity: 35,
    condition: 'new',
    weightOunces: 10,
  },
  {
    title: 'Vitamin C Brightening Serum',
    category: 'beauty',
    seller: 'maple',
    description: 'A stable 15% vitamin C serum with ferulic acid and vitamin E. Use it in the morning under sunscreen for a brighter, more even tone.',
    priceCents: 3400,
    quantity: 18,
    condition: 'new',
    weightOunces: 4,
  },
  {
    title: 'Kaolin Clay Detox Face Mask',
    category: 'beauty',
    seller: 'maple',
    description: 'A gentle kaolin and bentonite mask that clears pores without stripping the skin. Ten minutes, twice a week.',
    priceCents: 2400,
    quantity: 2,
    condition: 'new',
    weightOunces: 8,
  },
  {
    title: 'Bamboo Bristle Detangling Brush',
    category: 'beauty',
    seller: 'maple',
    description: 'A paddle brush with bamboo pins and a cushioned base that glides through wet or dry hair. Kind to the scalp and plastic-free.',
    priceCents: 1800,
    quantity: 40,
    condition: 'new',
    weightOunces: 6,
  },
  {
    title: 'Lavender Epsom Bath Salts',
    category: 'beauty',
    seller: 'maple',
    description: 'A 16 oz pouch of Epsom and sea salts with lavender essential oil and dried buds. The easiest way to unwind after a long day.',
    priceCents: 1600,
    quantity: 30,
    condition: 'new',
    weightOunces: 18,
  },
  {
    title: 'Solid Perfume Trio',
    category: 'beauty',
    seller: 'maple',
    description: 'Three pocket-sized solid perfumes, one each of citrus, fig and amber. Travel-friendly and made with beeswax.',
    priceCents: 3900,
    quantity: 0,
    condition: 'new',
    weightOunces: 5,
    retip: GIFT_WRAP,
  },
  {
    title: 'Mineral Sunscreen SPF 40',
    category: 'beauty',
    seller: 'maple',
    description: 'A lightweight zinc-oxide sunscreen that leaves no white cast. Reef-friendly and fragrance-free.',
    priceCents: 1900,
    quantity: 44,
    condition: 'new',
    weightOunces: 5,
  },

  // ── Toys & Games ──
  {
    title: 'Wooden Rainbow Stacker',
    category: 'toys-games',
    seller: 'brightside',
    description: 'Seven nesting arches in beech wood finished with non-toxic water-based paint. A toy for stacking, building and pretend play.',
    priceCents: 3400,
    quantity: 17,
    condition: 'new',
    weightOunces: 30,
    retip: GIFT_WRAP,
  },
  {
    title: 'Castles of the Valley Strategy Board Game',
    category: 'toys-games',
    seller: 'brightside',
    description: 'Build castles, trade resources and outwit up to four rivals in about an hour. Easy to learn, with plenty of depth for repeat plays.',
    priceCents: 4499,
    quantity: 12,
    condition: 'new',
    weightOunces: 48,
  },
  {
    title: 'Polyhedral Dice Set of Seven',
    category: 'toys-games',
    seller: 'brightside',
    description: 'A complete seven-piece set for tabletop role-playing games in swirled resin. It comes with a velvet drawstring pouch.',
    priceCents: 1299,
    quantity: 50,
    condition: 'new',
    weightOunces: 3,
  },
  {
    title: 'Lighthouse at Dusk 1000-Piece Puzzle',
    category: 'toys-games',
    seller: 'brightside',
    description: 'A 1000-piece jigsaw of a lighthouse at sunset, printed on thick recycled board. A poster of the image is included.',
    priceCents: 2199,
    quantity: 21,
    condition: 'new',
    weightOunces: 26,
  },
  {
    title: 'Remote Control Off-Road Truck',
    category: 'toys-games',
    seller: 'brightside',
    description: 'A four-wheel-drive RC truck with oil-filled shocks and a 30-minute battery. Used indoors a few times and in excellent condition.',
    priceCents: 5999,
    quantity: 4,
    condition: 'like_new',
    weightOunces: 44,
    retip: SHORT_WARRANTY,
  },
  {
    title: 'Magnetic Building Tiles, 60 Pieces',
    category: 'toys-games',
    seller: 'brightside',
    description: 'Sixty translucent magnetic tiles in bright colours for towers, houses and marble runs. The magnets are fully sealed in.',
    priceCents: 5499,
    quantity: 9,
    condition: 'new',
    weightOunces: 64,
  },
  {
    title: 'Plush Fox Stuffed Animal',
    category: 'toys-games',
    seller: 'brightside',
    description: 'A huggable 14-inch fox in extra-soft plush with embroidered eyes. Surface washable and loved at bedtime.',
    priceCents: 2400,
    quantity: 28,
    condition: 'new',
    weightOunces: 10,
    retip: GIFT_WRAP,
  },
  {
    title: 'Retro Handheld Puzzle Console',
    category: 'toys-games',
    seller: 'brightside',
    description: 'A pocket console with 150 built-in puzzle and arcade games and a backlit screen. Small scratches on the case; it runs on two AA batteries.',
    priceCents: 3999,
    quantity: 0,
    condition: 'good',
    weightOunces: 7,
  },

  // ── Jewelry & Watches ──
  {
    title: 'Meridian Automatic Watch, 40 mm',
    category: 'jewelry-watches',
    seller: 'northwind',
    description: 'A self-winding watch with a sapphire crystal, an exhibition case back and a 42-hour power reserve. Water resistant to 100 metres.',
    priceCents: 34900,
    quantity: 5,
    condition: 'new',
    weightOunces: 5,
    retip: ENGRAVING,
  },
  {
    title: 'Field Quartz Watch with Canvas Strap',
    category: 'jewelry-watches',
    seller: 'northwind',
    description: 'A legible 38 mm field watch with a luminous dial and a quick-release canvas strap. Tough, light and easy to wear every day.',
    priceCents: 12900,
    quantity: 14,
    condition: 'new',
    weightOunces: 4,
    retip: GIFT_WRAP,
  },
  {
    title: 'Sterling Silver Hoop Earrings',
    category: 'jewelry-watches',
    seller: 'maple',
    description: 'Polished 25 mm hoops in solid 925 sterling silver with secure hinged clasps. Light enough to wear from morning to night.',
    priceCents: 5900,
    quantity: 23,
    condition: 'new',
    weightOunces: 1,
    retip: GIFT_WRAP,
  },
  {
    title: 'Gold-Plated Initial Necklace',
    category: 'jewelry-watches',
    seller: 'maple',
    description: 'A dainty initial pendant on an 18-inch chain, plated in 18k gold over sterling silver. Choose the letter as you order.',
    priceCents: 4900,
    quantity: 30,
    condition: 'new',
    weightOunces: 1,
    retip: GIFT_WRAP,
    // The demo's personalised item: the buyer writes the letter, the seller reads it on the order and packing slip.
    personalization: { required: true, instructions: 'The letter for the pendant, A to Z.', maxLength: 1 },
  },
  {
    title: 'Vintage Chronograph Watch, 1970s',
    category: 'jewelry-watches',
    seller: 'northwind',
    description: 'A 1970s hand-wound chronograph, serviced last year and keeping excellent time. The case shows honest wear consistent with its age.',
    priceCents: 42000,
    quantity: 1,
    condition: 'good',
    weightOunces: 6,
    retip: EXTENDED_WARRANTY,
  },
  {
    title: 'Freshwater Pearl Bracelet',
    category: 'jewelry-watches',
    seller: 'maple',
    description: 'Hand-knotted freshwater pearls on silk with a sterling silver clasp. Each pearl is unique, with a soft natural lustre.',
    priceCents: 7900,
    quantity: 8,
    condition: 'new',
    weightOunces: 1,
    retip: GIFT_WRAP,
  },
  {
    title: 'Minimalist Mesh Watch, 36 mm',
    category: 'jewelry-watches',
    seller: 'northwind',
    description: 'A slim quartz watch on a stainless mesh bracelet with a magnetic clasp. Worn for one week and kept in its box since.',
    priceCents: 15900,
    quantity: 11,
    condition: 'like_new',
    weightOunces: 3,
  },
  {
    title: 'Hammered Silver Stacking Rings, Set of Three',
    category: 'jewelry-watches',
    seller: 'northwind',
    description: 'Three hand-hammered sterling bands that catch the light from every angle. Wear them together or on their own.',
    priceCents: 3900,
    quantity: 0,
    condition: 'new',
    weightOunces: 1,
  },
];

/** The stored description: it names the add-on that buyers can tick on the product page (its label and price are stored too). */
export function describeDemoProduct(product: DemoProduct): string {
  if (!product.retip) return product.description;
  const price = `$${(product.retip.priceCents / 100).toFixed(2)}`;
  return `${product.description} Add-on available: ${product.retip.service.toLowerCase()} (${price}).`;
}

/** A saved address as the address book stores it (US only in the demo). */
export interface DemoAddress {
  line1: string;
  line2?: string;
  city: string;
  /** Two-letter code: UPS needs it on a label. */
  state: string;
  postalCode: string;
}

/** Each seller's default ship-from address: a label is printed from it (modules/shipping). */
export const DEMO_SELLER_ADDRESSES: Record<DemoSellerKey, DemoAddress> = {
  northwind: { line1: '1120 NW Couch St', line2: 'Suite 300', city: 'Portland', state: 'OR', postalCode: '97209' },
  brightside: { line1: '500 E 4th St', city: 'Austin', state: 'TX', postalCode: '78701' },
  maple: { line1: '27 Drydock Ave', line2: 'Unit 5', city: 'Boston', state: 'MA', postalCode: '02210' },
  driftwood: { line1: '14 Wharf St', city: 'Portland', state: 'ME', postalCode: '04101' },
};

/** Each buyer's default shipping address, which checkout prefills; keyed by email. */
export const DEMO_BUYER_ADDRESSES: Record<(typeof DEMO_BUYERS)[number]['email'], DemoAddress> = {
  'buyer@example.com': { line1: '88 Colin P Kelly Jr St', city: 'San Francisco', state: 'CA', postalCode: '94107' },
  'buyer2@example.com': { line1: '1600 Pike Place', line2: 'Apt 4B', city: 'Seattle', state: 'WA', postalCode: '98101' },
  'buyer3@example.com': { line1: '350 Fifth Avenue', line2: 'Suite 210', city: 'New York', state: 'NY', postalCode: '10118' },
  'buyer4@example.com': { line1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postalCode: '60606' },
  'buyer5@example.com': { line1: '742 Evergreen Terrace', city: 'Springfield', state: 'OR', postalCode: '97477' },
  'buyer6@example.com': { line1: '1437 Bannock St', city: 'Denver', state: 'CO', postalCode: '80202' },
};
