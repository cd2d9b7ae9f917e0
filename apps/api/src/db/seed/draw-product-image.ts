import sharp from 'sharp';
import { scopedEmojiBody, type EmojiIcon } from './fluent-emoji';
import { createRandom, type Random } from './random';

// Draws a studio-style product picture as SVG (pastel backdrop, the product's emoji, soft shadows) and
// renders it with sharp. The emoji comes from Fluent Emoji (demo-product-pictures.ts says which); a
// product without one gets a gift box drawn from shapes. The initials badge is the one piece of text,
// and it is decoration, so a machine without fonts still gets a good picture.

export const PRODUCT_IMAGE_SIZE = 800;
export const PRODUCT_THUMBNAIL_SIZE = 320;
const WEBP_QUALITY = 80;

export interface ProductImageSpec {
  title: string;
  /** The emoji that shows the product; without one the picture is a gift box. */
  emoji?: EmojiIcon | undefined;
  /** A smaller emoji on a badge beside it (a book's subject, an ingredient). */
  accent?: EmojiIcon | undefined;
  /** Seeds the product's colours: every image of one product shares its palette. */
  seed: number | string;
  /** 0 is the main picture; later views turn, zoom and mirror the object a little. */
  view?: number;
}

export interface DrawnProductImage {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

export async function drawProductImage(spec: ProductImageSpec): Promise<DrawnProductImage> {
  const svg = buildProductImageSvg(composeScene(spec));
  // Rasterise once, then encode both sizes from the same pixels. Effort 0 (of 0–6) encodes these flat
  // illustrations about three times faster than the default for half again the bytes (~15 kB a picture),
  // a good trade for a seed that draws a hundred of them at every fresh start.
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const webpOptions = { quality: WEBP_QUALITY, effort: 0 };
  const [image, thumbnail] = await Promise.all([
    sharp(data, raw).webp(webpOptions).toBuffer(),
    sharp(data, raw).resize(PRODUCT_THUMBNAIL_SIZE, PRODUCT_THUMBNAIL_SIZE).webp(webpOptions).toBuffer(),
  ]);
  return { image, thumbnail, width: info.width, height: info.height };
}

// ── palette ───────────────────────────────────────────────────────────────────────────────────

interface Palette {
  /** The gift box's colours. */
  main: string;
  dark: string;
  accent: string;
  backdropTop: string;
  backdropMiddle: string;
  backdropBottom: string;
  decoration: string;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (offset: number) => {
    const k = (offset + h * 12) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function createPalette(random: Random): Palette {
  const hue = random.integerBetween(0, 359);
  const saturation = random.integerBetween(42, 62);
  const accentHue = hue + random.pick([150, 180, 210]);
  const backdropHue = hue + random.pick([-40, 25, 180, 200]);
  return {
    main: hslToHex(hue, saturation, 52),
    dark: hslToHex(hue, saturation - 10, 30),
    accent: hslToHex(accentHue, 68, 58),
    backdropTop: hslToHex(backdropHue, 45, 95),
    backdropMiddle: hslToHex(backdropHue + 8, 42, 88),
    backdropBottom: hslToHex(backdropHue + 15, 38, 78),
    decoration: hslToHex(backdropHue + 30, 55, 70),
  };
}

// ── motifs ──────────────────────────────────────────────────────────────────────────────────

/** Markup centred on (0, 0), about 440 px across, standing on the line y = groundY. */
interface Motif {
  markup: string;
  groundY: number;
  shadowWidth: number;
}

/** How wide the main emoji is drawn, in the motif's units (the gift box is about as wide). */
const EMOJI_SIZE = 440;
/** The accent emoji beside it, and the round badge it sits on. */
const ACCENT_SIZE = 170;
const ACCENT_BADGE_RADIUS = 112;

/** Places an emoji's box centred on (x, y) at the given size. */
function placedEmoji(icon: EmojiIcon, prefix: string, x: number, y: number, size: number): string {
  const scale = size / Math.max(icon.width, icon.height);
  const offsetX = -(icon.left + icon.width / 2);
  const offsetY = -(icon.top + icon.height / 2);
  return `<g transform="translate(${x} ${y}) scale(${scale.toFixed(4)}) translate(${offsetX} ${offsetY})">${scopedEmojiBody(icon, prefix)}</g>`;
}

/**
 * The product's emoji, and its accent on a white badge at the lower right. The flat emojis leave about
 * a sixteenth of their box empty at the bottom, so the object stands a little above the box's edge.
 * A mirrored view turns the product round but never the accent, which may hold letters.
 */
function drawEmoji(emoji: EmojiIcon, accent: EmojiIcon | undefined, isMirrored: boolean): Motif {
  const groundY = Math.round(EMOJI_SIZE * 0.44);
  const badgeX = Math.round(EMOJI_SIZE * 0.36);
  const badgeY = Math.round(EMOJI_SIZE * 0.26);
  const badge = accent
    ? `<circle cx="${badgeX + 6}" cy="${badgeY + 10}" r="${ACCENT_BADGE_RADIUS}" fill="#000000" fill-opacity="0.12"/>
      <circle cx="${badgeX}" cy="${badgeY}" r="${ACCENT_BADGE_RADIUS}" fill="#ffffff" fill-opacity="0.94"/>
      ${placedEmoji(accent, 'accent', badgeX, badgeY, ACCENT_SIZE)}`
    : '';
  const main = placedEmoji(emoji, 'main', 0, 0, EMOJI_SIZE);
  return { markup: `${isMirrored ? `<g transform="scale(-1 1)">${main}</g>` : main}${badge}`, groundY, shadowWidth: 210 };
}

function drawGiftBox(palette: Palette): Motif {
  return {
    markup: `
      <rect x="-140" y="-40" width="280" height="210" rx="10" fill="${palette.main}"/>
      <rect x="-20" y="-40" width="40" height="210" fill="${palette.accent}"/>
      <rect x="-158" y="-95" width="316" height="64" rx="10" fill="${palette.dark}"/>
      <rect x="-22" y="-95" width="44" height="64" fill="${palette.accent}"/>
      <ellipse cx="-52" cy="-125" rx="56" ry="28" transform="rotate(-25 -52 -125)" fill="none" stroke="${palette.accent}" stroke-width="18"/>
      <ellipse cx="52" cy="-125" rx="56" ry="28" transform="rotate(25 52 -125)" fill="none" stroke="${palette.accent}" stroke-width="18"/>
      <circle cx="0" cy="-104" r="18" fill="${palette.accent}"/>`,
    groundY: 170,
    shadowWidth: 220,
  };
}

// ── composition ───────────────────────────────────────────────────────────────────────────────

function initialsOf(title: string): string {
  return title
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, '').charAt(0))
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

function drawDecorations(palette: Palette, random: Random): string {
  const shapes: string[] = [];
  for (let index = 0; index < 9; index += 1) {
    // Keep to the margins so decorations never sit on top of the product.
    const isVerticalMargin = random.chance(0.5);
    const along = random.integerBetween(40, 760);
    const across = random.pick([random.integerBetween(30, 150), random.integerBetween(650, 770)]);
    const [x, y] = isVerticalMargin ? [across, along] : [along, across];
    const radius = random.integerBetween(6, 22);
    shapes.push(
      random.chance(0.5)
        ? `<circle cx="${x}" cy="${y}" r="${radius}" fill="${palette.decoration}" fill-opacity="0.35"/>`
        : `<circle cx="${x}" cy="${y}" r="${radius}" fill="none" stroke="#ffffff" stroke-width="5" stroke-opacity="0.7"/>`,
    );
  }
  return shapes.join('');
}

interface Scene {
  palette: Palette;
  motif: Motif;
  /** Places the motif's local coordinates on the canvas. */
  transform: string;
  centerX: number;
  centerY: number;
  groundY: number;
  shadowWidth: number;
  discRadius: number;
  decorations: string;
  initials: string;
}

function composeScene(spec: ProductImageSpec): Scene {
  const view = spec.view ?? 0;
  const productRandom = createRandom(`product-image/${spec.seed}`);
  const palette = createPalette(productRandom);
  const random = productRandom.fork(`view-${view}`);
  const isMirrored = view % 2 === 1;
  // The gift box is the same either way round.
  const motif = spec.emoji ? drawEmoji(spec.emoji, spec.accent, isMirrored) : drawGiftBox(palette);

  // The main picture is straight on; other views turn, zoom and mirror the object like a second shot.
  const scale = view === 0 ? 1.18 : random.floatBetween(1.02, 1.26);
  const angle = view === 0 ? random.floatBetween(-3, 3) : random.floatBetween(-12, 12);
  const centerX = 400 + random.integerBetween(-24, 24);
  const centerY = 380 + random.integerBetween(-16, 16);
  return {
    palette,
    motif,
    transform: `translate(${centerX} ${centerY}) rotate(${angle.toFixed(2)}) scale(${scale.toFixed(3)})`,
    centerX,
    centerY,
    groundY: Math.min(centerY + motif.groundY * scale, 740),
    shadowWidth: motif.shadowWidth * scale,
    discRadius: random.integerBetween(250, 290),
    decorations: drawDecorations(palette, random),
    initials: initialsOf(spec.title),
  };
}

/**
 * One SVG, rasterised once. Kept cheap for librsvg on purpose, since the seed draws over a hundred of
 * these: no filters (a blur costs more than the whole rest of the picture), gradients only where
 * cairo renders them fast (vertical, or radial over a small area), and fill-opacity rather than
 * opacity, which would make librsvg composite every shape through an offscreen layer.
 */
function buildProductImageSvg(scene: Scene): string {
  const { palette, groundY, shadowWidth, initials } = scene;
  const size = PRODUCT_IMAGE_SIZE;
  const badge = initials
    ? `<rect x="36" y="36" width="${48 + initials.length * 26}" height="60" rx="30" fill="#ffffff" fill-opacity="0.82"/>
  <text x="${60 + initials.length * 13}" y="76" text-anchor="middle" font-family="DejaVu Sans, Helvetica, Arial, sans-serif"
        font-size="28" font-weight="700" letter-spacing="2" fill="${palette.dark}">${initials}</text>`
    : '';
  const shadowHeight = shadowWidth * 0.16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.backdropTop}"/>
      <stop offset="0.55" stop-color="${palette.backdropMiddle}"/>
      <stop offset="1" stop-color="${palette.backdropBottom}"/>
    </linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.1"/>
    </linearGradient>
    <radialGradient id="contact-shadow">
      <stop offset="0" stop-color="#000000" stop-opacity="0.34"/>
      <stop offset="0.55" stop-color="#000000" stop-opacity="0.16"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#backdrop)"/>
  <rect y="${Math.round(groundY - 40)}" width="${size}" height="${Math.round(size - groundY + 40)}" fill="url(#floor)"/>
  <circle cx="${scene.centerX}" cy="${scene.centerY}" r="${scene.discRadius}" fill="#ffffff" fill-opacity="0.42"/>
  ${scene.decorations}
  <ellipse cx="${scene.centerX}" cy="${groundY.toFixed(1)}" rx="${(shadowWidth * 1.15).toFixed(1)}" ry="${shadowHeight.toFixed(1)}"
           fill="url(#contact-shadow)"/>
  <g transform="${scene.transform}">${scene.motif.markup}</g>
  ${badge}
</svg>`;
}
