import type { DemoCategorySlug } from './demo-data';

// Which picture each demo product gets: an emoji of Microsoft's Fluent Emoji (flat style, MIT), read
// from the @iconify-json/fluent-emoji-flat package (docs/decisions/0024-drafts-and-demo-pictures.md). The
// emoji shows the product itself; where the set has no emoji of the very object (a yoga mat, earrings, a
// table runner), the closest one is used and a small second emoji — the accent, drawn on a round badge —
// says what the main one cannot: the subject of a book, an ingredient, the material.
//
// Keyed by the product's title in demo-data.ts; seed-pictures.test.ts checks that every demo product
// has a picture, that every emoji exists in the set, and that each main emoji is one its category allows.

export interface DemoPicture {
  /** The emoji's name in the Fluent Emoji Flat set, e.g. "headphone". */
  emoji: string;
  /** A smaller emoji on a badge beside it, e.g. "bird" on the field guide's book. */
  accent?: string;
}

export const DEMO_PRODUCT_PICTURES: Readonly<Record<string, DemoPicture>> = {
  // ── Electronics ──
  'Aurora Wireless Noise-Cancelling Headphones': { emoji: 'headphone' },
  'Pulse Mini Bluetooth Speaker': { emoji: 'speaker-high-volume' },
  'Nimbus 65W USB-C Charger': { emoji: 'electric-plug' },
  'Halo Smart LED Desk Lamp': { emoji: 'light-bulb' },
  // No earbuds in the set: the same kind of thing as headphones.
  'EchoFit True Wireless Earbuds': { emoji: 'headphone' },
  // No e-reader or tablet: a handheld screen, with a book for what it is for.
  'Paperleaf 6-Inch E-Reader (Refurbished)': { emoji: 'mobile-phone', accent: 'open-book' },
  'Keystone 75% Mechanical Keyboard': { emoji: 'keyboard' },
  'Trailcam 4K Action Camera': { emoji: 'camera' },

  // ── Fashion ──
  'Harbor Canvas Low-Top Sneakers': { emoji: 'running-shoe' },
  // No sweater: a top, and a ball of wool for the knit.
  'Merino Wool Crew Sweater': { emoji: 'womans-clothes', accent: 'yarn' },
  'Selvedge Slim-Fit Jeans': { emoji: 'jeans' },
  'Waxed Cotton Field Jacket': { emoji: 'coat' },
  'Leather Chelsea Boots': { emoji: 'hiking-boot' },
  'Linen Button-Down Shirt': { emoji: 'womans-clothes' },
  'Vintage Denim Trucker Jacket': { emoji: 'coat', accent: 'jeans' },
  // No beanie: a cap, knitted.
  'Cashmere Ribbed Beanie': { emoji: 'billed-cap', accent: 'yarn' },

  // ── Home & Kitchen ──
  'Stoneware Coffee Mug Set of Two': { emoji: 'hot-beverage' },
  // No pitcher: a pot that pours, and what it pours.
  'Salt-Glazed Stoneware Pitcher': { emoji: 'teapot', accent: 'droplet' },
  'Hand-Thrown Ramen Bowl Pair': { emoji: 'steaming-bowl' },
  'Pre-Seasoned Cast Iron Skillet, 10 Inch': { emoji: 'cooking' },
  'Hand-Thrown Ceramic Planter': { emoji: 'potted-plant' },
  // No cutting board: the wood it is cut from, and the knife it meets.
  'Bamboo Cutting Board Set': { emoji: 'wood', accent: 'kitchen-knife' },
  // No French press: a pot for brewing, for coffee.
  'Glass French Press, 34 oz': { emoji: 'teapot', accent: 'hot-beverage' },
  // No table linen: the laid table, and thread for the cloth.
  'Stonewashed Linen Table Runner': { emoji: 'fork-and-knife-with-plate', accent: 'thread' },
  'Enameled Dutch Oven, 5.5 Quart': { emoji: 'pot-of-food' },
  'Vintage Brass Candle Holders, Pair': { emoji: 'candle' },

  // ── Books: a book, and what it is about ──
  'The Quiet Orchard: A Novel': { emoji: 'closed-book', accent: 'red-apple' },
  'Field Guide to North American Birds': { emoji: 'green-book', accent: 'bird' },
  "Everyday Sourdough: A Baker's Handbook": { emoji: 'orange-book', accent: 'bread' },
  'Code and Craft: Practical Software Design': { emoji: 'blue-book', accent: 'laptop' },
  'Collected Poems of the Coastal Road': { emoji: 'open-book', accent: 'feather' },
  'The Illustrated Atlas of Night Skies': { emoji: 'notebook-with-decorative-cover', accent: 'telescope' },
  'Small Spaces, Big Gardens': { emoji: 'green-book', accent: 'seedling' },
  'Classic Mystery Box Set, Five Paperbacks': { emoji: 'books', accent: 'magnifying-glass-tilted-left' },

  // ── Sports & Outdoors ──
  'Ridgeline 28L Hiking Daypack': { emoji: 'backpack' },
  // No bottle for water: a lidded drink to carry, with a drop of water.
  'Trailhead Insulated Water Bottle, 32 oz': { emoji: 'cup-with-straw', accent: 'droplet' },
  // A walking pole, for the mountains.
  'Summit Carbon Trekking Poles, Pair': { emoji: 'white-cane', accent: 'snow-capped-mountain' },
  'Featherlight Two-Person Backpacking Tent': { emoji: 'tent' },
  // No yoga mat: the pose it is for.
  'Natural Cork Yoga Mat': { emoji: 'person-in-lotus-position' },
  // No dumbbell: weights being lifted.
  'Adjustable Dumbbell, 5 to 25 lb': { emoji: 'person-lifting-weights' },
  // A vest, filled with down.
  'Packable Down Vest': { emoji: 'safety-vest', accent: 'feather' },
  'Camp Enamel Mug Set of Four': { emoji: 'hot-beverage', accent: 'camping' },

  // ── Beauty: the container, and what is in it ──
  'Cold-Pressed Rosehip Facial Oil': { emoji: 'lotion-bottle', accent: 'rose' },
  'Whipped Shea Butter Body Cream': { emoji: 'jar', accent: 'chestnut' },
  'Vitamin C Brightening Serum': { emoji: 'lotion-bottle', accent: 'tangerine' },
  'Kaolin Clay Detox Face Mask': { emoji: 'jar' },
  // No hairbrush: a hair pick, the nearest hair tool.
  'Bamboo Bristle Detangling Brush': { emoji: 'hair-pick' },
  'Lavender Epsom Bath Salts': { emoji: 'salt', accent: 'hyacinth' },
  // No perfume: a small pot, and a flower for the scent.
  'Solid Perfume Trio': { emoji: 'jar', accent: 'blossom' },
  'Mineral Sunscreen SPF 40': { emoji: 'lotion-bottle', accent: 'sun' },

  // ── Toys & Games ──
  'Wooden Rainbow Stacker': { emoji: 'rainbow' },
  'Castles of the Valley Strategy Board Game': { emoji: 'castle', accent: 'game-die' },
  'Polyhedral Dice Set of Seven': { emoji: 'game-die' },
  'Lighthouse at Dusk 1000-Piece Puzzle': { emoji: 'puzzle-piece' },
  'Remote Control Off-Road Truck': { emoji: 'pickup-truck', accent: 'joystick' },
  // No building tiles: a building piece, magnetic.
  'Magnetic Building Tiles, 60 Pieces': { emoji: 'brick', accent: 'magnet' },
  'Plush Fox Stuffed Animal': { emoji: 'fox' },
  'Retro Handheld Puzzle Console': { emoji: 'video-game' },

  // ── Jewelry & Watches ──
  'Meridian Automatic Watch, 40 mm': { emoji: 'watch' },
  'Field Quartz Watch with Canvas Strap': { emoji: 'watch' },
  // No earrings: a ring, worn at the ear.
  'Sterling Silver Hoop Earrings': { emoji: 'ring', accent: 'ear' },
  // No necklace: a string of beads, with a letter for the initial.
  'Gold-Plated Initial Necklace': { emoji: 'prayer-beads', accent: 'input-latin-uppercase' },
  'Vintage Chronograph Watch, 1970s': { emoji: 'watch', accent: 'stopwatch' },
  'Freshwater Pearl Bracelet': { emoji: 'prayer-beads', accent: 'spiral-shell' },
  'Minimalist Mesh Watch, 36 mm': { emoji: 'watch' },
  'Hammered Silver Stacking Rings, Set of Three': { emoji: 'ring' },
};

/**
 * The main emojis each category may show: a listing's picture is one of its own category's things (a
 * jacket never shows a sneaker, a camera never headphones). The fallback gift box is for products
 * without a picture here.
 */
export const PICTURE_EMOJIS_BY_CATEGORY: Readonly<Record<DemoCategorySlug, readonly string[]>> = {
  electronics: ['headphone', 'speaker-high-volume', 'electric-plug', 'light-bulb', 'mobile-phone', 'keyboard', 'camera'],
  fashion: ['running-shoe', 'womans-clothes', 'jeans', 'coat', 'hiking-boot', 'billed-cap'],
  'home-kitchen': ['hot-beverage', 'cooking', 'potted-plant', 'wood', 'teapot', 'fork-and-knife-with-plate', 'pot-of-food', 'candle', 'steaming-bowl'],
  books: ['closed-book', 'green-book', 'orange-book', 'blue-book', 'open-book', 'notebook-with-decorative-cover', 'books'],
  'sports-outdoors': ['backpack', 'cup-with-straw', 'white-cane', 'tent', 'person-in-lotus-position', 'person-lifting-weights', 'safety-vest', 'hot-beverage'],
  beauty: ['lotion-bottle', 'jar', 'hair-pick', 'salt'],
  'toys-games': ['rainbow', 'castle', 'game-die', 'puzzle-piece', 'pickup-truck', 'brick', 'fox', 'video-game'],
  'jewelry-watches': ['watch', 'ring', 'prayer-beads'],
};

/** The picture of a demo product, or undefined (the drawing falls back to a gift box). */
export function demoPictureOf(title: string): DemoPicture | undefined {
  return Object.hasOwn(DEMO_PRODUCT_PICTURES, title) ? DEMO_PRODUCT_PICTURES[title] : undefined;
}
