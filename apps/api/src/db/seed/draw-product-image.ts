import sharp from 'sharp';
import { createRandom, type Random } from './random';

// Draws a studio-style product picture as SVG (pastel backdrop, one illustrated object per category,
// soft shadows) and renders it with sharp. The motif is made of shapes only: the initials badge is the
// one piece of text, and it is decoration, so a machine without fonts still gets a good picture.

export const PRODUCT_IMAGE_SIZE = 800;
export const PRODUCT_THUMBNAIL_SIZE = 320;
const WEBP_QUALITY = 80;

export interface ProductImageSpec {
  title: string;
  /** Category slug; it picks the motif. Unknown slugs get a gift box. */
  category: string;
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
  main: string;
  dark: string;
  light: string;
  accent: string;
  /** Bright metal for buckles, caps and watch cases. */
  metal: string;
  metalShade: string;
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
  const isGold = random.chance(0.5);
  return {
    main: hslToHex(hue, saturation, 52),
    dark: hslToHex(hue, saturation - 10, 30),
    light: hslToHex(hue, saturation + 10, 74),
    accent: hslToHex(accentHue, 68, 58),
    metal: isGold ? '#e6c068' : '#dfe3e8',
    metalShade: isGold ? '#b38a2e' : '#9aa3ad',
    backdropTop: hslToHex(backdropHue, 45, 95),
    backdropMiddle: hslToHex(backdropHue + 8, 42, 88),
    backdropBottom: hslToHex(backdropHue + 15, 38, 78),
    decoration: hslToHex(backdropHue + 30, 55, 70),
  };
}

// ── motifs ────────────────────────────────────────────────────────────────────────────────────

/** Markup centred on (0, 0), about 440 px across, standing on the line y = groundY. */
interface Motif {
  markup: string;
  groundY: number;
  shadowWidth: number;
}

type DrawMotif = (palette: Palette, random: Random) => Motif;

function drawHeadphones(palette: Palette, random: Random): Motif {
  const cup = `
    <rect x="-168" y="-28" width="30" height="48" rx="8" fill="${palette.dark}"/>
    <rect x="-205" y="0" width="96" height="165" rx="42" fill="${palette.main}"/>
    <rect x="-122" y="14" width="38" height="137" rx="19" fill="${palette.dark}"/>
    <rect x="-190" y="18" width="14" height="110" rx="7" fill="#ffffff" fill-opacity="0.3"/>
    <circle cx="-160" cy="84" r="${random.integerBetween(14, 22)}" fill="${palette.accent}"/>`;
  return {
    markup: `
      <path d="M -152 30 C -152 -205, 152 -205, 152 30" fill="none" stroke="${palette.dark}" stroke-width="32" stroke-linecap="round"/>
      <path d="M -126 -40 C -110 -160, 110 -160, 126 -40" fill="none" stroke="${palette.light}" stroke-width="12" stroke-linecap="round" stroke-opacity="0.85"/>
      <g>${cup}</g>
      <g transform="scale(-1 1)">${cup}</g>`,
    groundY: 168,
    shadowWidth: 230,
  };
}

function drawSneaker(palette: Palette, random: Random): Motif {
  const laces = Array.from({ length: 4 }, (_, index) => {
    const x = -40 + index * 36;
    const y = -92 + index * 19;
    return `<line x1="${x - 14}" y1="${y - 16}" x2="${x + 16}" y2="${y + 12}" stroke="#ffffff" stroke-width="9" stroke-linecap="round"/>
      <circle cx="${x - 16}" cy="${y + 14}" r="5" fill="${palette.dark}"/>`;
  }).join('');
  const stripeLift = random.integerBetween(-10, 14);
  return {
    markup: `
      <path d="M -205 75 L -212 -20 C -212 -70, -190 -92, -160 -88 C -135 -86, -120 -70, -100 -62
               C -80 -55, -70 -90, -55 -112 C -45 -127, -20 -122, -15 -105 C 20 -60, 80 -30, 150 -5
               C 205 15, 228 45, 215 75 Z" fill="${palette.main}"/>
      <path d="M -160 -88 C -135 -86, -120 -70, -100 -62 C -84 -56, -74 -78, -62 -98" fill="none"
            stroke="${palette.dark}" stroke-width="14" stroke-linecap="round"/>
      <path d="M 120 -14 C 185 8, 226 40, 215 75 L 150 75 C 152 40, 140 10, 120 -14 Z" fill="${palette.light}" fill-opacity="0.55"/>
      <path d="M -170 ${40 + stripeLift} C -90 ${-10 + stripeLift}, 10 ${-6 + stripeLift}, 110 ${30 + stripeLift}
               C 30 ${12 + stripeLift}, -80 ${20 + stripeLift}, -170 ${40 + stripeLift} Z"
            fill="${palette.accent}" stroke="${palette.accent}" stroke-width="12" stroke-linejoin="round"/>
      <rect x="-218" y="-70" width="26" height="60" rx="10" fill="${palette.accent}"/>
      ${laces}
      <path d="M -218 70 L 210 70 C 236 70, 240 108, 214 112 L -204 112 C -230 112, -234 70, -218 70 Z" fill="#fbfaf7"/>
      <rect x="-222" y="100" width="452" height="14" rx="7" fill="${palette.dark}" fill-opacity="0.45"/>`,
    groundY: 114,
    shadowWidth: 250,
  };
}

function drawMug(palette: Palette, random: Random): Motif {
  const steam = [-45, 5, 55]
    .map((x, index) => {
      const sway = random.integerBetween(18, 32) * (index % 2 === 0 ? 1 : -1);
      return `<path d="M ${x} -150 C ${x - sway} -180, ${x + sway} -205, ${x} -245" fill="none" stroke="#ffffff"
                stroke-width="12" stroke-linecap="round" stroke-opacity="0.75"/>`;
    })
    .join('');
  const hasDots = random.chance(0.5);
  const pattern = hasDots
    ? [-80, -20, 40, 100].map((x) => `<circle cx="${x - 10}" cy="27" r="9" fill="#ffffff" fill-opacity="0.9"/>`).join('')
    : `<rect x="-130" y="36" width="260" height="8" fill="#ffffff" fill-opacity="0.8"/>`;
  return {
    markup: `
      ${steam}
      <path d="M 118 -60 C 210 -60, 210 95, 118 95" fill="none" stroke="${palette.dark}" stroke-width="32" stroke-linecap="round"/>
      <path d="M -130 -110 L 130 -110 L 130 125 Q 130 160 95 160 L -95 160 Q -130 160 -130 125 Z" fill="${palette.main}"/>
      <rect x="-130" y="6" width="260" height="44" fill="${palette.accent}"/>
      ${pattern}
      <rect x="-108" y="-80" width="22" height="200" rx="11" fill="#ffffff" fill-opacity="0.25"/>
      <ellipse cx="0" cy="-110" rx="130" ry="26" fill="${palette.light}"/>
      <ellipse cx="0" cy="-106" rx="112" ry="19" fill="#5b3a29"/>
      <ellipse cx="-20" cy="-110" rx="40" ry="6" fill="#8a5d43" fill-opacity="0.8"/>`,
    groundY: 160,
    shadowWidth: 200,
  };
}

function drawBookStack(palette: Palette, random: Random): Motif {
  const colours = [palette.main, palette.accent, palette.dark, palette.light];
  const bookHeight = 52;
  let books = '';
  for (let index = 0; index < 4; index += 1) {
    const width = random.integerBetween(300, 380);
    const x = -width / 2 + random.integerBetween(-26, 26);
    const y = 170 - (index + 1) * bookHeight;
    const angle = random.floatBetween(-3, 3).toFixed(2);
    const colour = colours[(index + random.integerBetween(0, 3)) % colours.length];
    const pageLines = [14, 22, 30, 38]
      .map((offset) => `<line x1="${x + width - 30}" y1="${y + offset}" x2="${x + width - 6}" y2="${y + offset}" stroke="#d9cfb8" stroke-width="2"/>`)
      .join('');
    books += `
      <g transform="rotate(${angle} ${x + width / 2} ${y + bookHeight / 2})">
        <rect x="${x}" y="${y}" width="${width}" height="${bookHeight - 4}" rx="7" fill="${colour}"/>
        <rect x="${x + width - 34}" y="${y + 6}" width="30" height="${bookHeight - 16}" rx="3" fill="#fbf6ea"/>
        ${pageLines}
        <rect x="${x + 22}" y="${y}" width="10" height="${bookHeight - 4}" fill="#ffffff" fill-opacity="0.45"/>
        <rect x="${x + 40}" y="${y}" width="5" height="${bookHeight - 4}" fill="#ffffff" fill-opacity="0.45"/>
        <rect x="${x + 80}" y="${y + 15}" width="${Math.round(width * 0.35)}" height="16" rx="4" fill="#ffffff" fill-opacity="0.6"/>
      </g>`;
  }
  return { markup: books, groundY: 170, shadowWidth: 230 };
}

function drawBackpack(palette: Palette, random: Random): Motif {
  const pocketColour = random.pick([palette.dark, palette.light, palette.accent]);
  return {
    markup: `
      <path d="M -42 -168 C -42 -222, 42 -222, 42 -168" fill="none" stroke="${palette.dark}" stroke-width="18" stroke-linecap="round"/>
      <rect x="-172" y="10" width="52" height="140" rx="22" fill="${palette.dark}"/>
      <rect x="120" y="10" width="52" height="140" rx="22" fill="${palette.dark}"/>
      <rect x="-145" y="-180" width="290" height="355" rx="85" fill="${palette.main}"/>
      <path d="M -143 -80 C -143 -205, 143 -205, 143 -80 C 70 -48, -70 -48, -143 -80 Z" fill="${palette.dark}"/>
      <rect x="-78" y="-64" width="24" height="72" rx="6" fill="${palette.dark}"/>
      <rect x="54" y="-64" width="24" height="72" rx="6" fill="${palette.dark}"/>
      <rect x="-82" y="-14" width="32" height="22" rx="5" fill="${palette.metal}"/>
      <rect x="50" y="-14" width="32" height="22" rx="5" fill="${palette.metal}"/>
      <rect x="-105" y="30" width="210" height="128" rx="38" fill="${pocketColour}"/>
      <path d="M -80 58 L 80 58" stroke="${palette.metal}" stroke-width="6" stroke-linecap="round"/>
      <path d="M -30 128 L -2 88 L 26 128 Z M 6 128 L 28 100 L 50 128 Z" fill="#ffffff" fill-opacity="0.9"/>
      <rect x="-122" y="-120" width="18" height="200" rx="9" fill="#ffffff" fill-opacity="0.2"/>`,
    groundY: 175,
    shadowWidth: 220,
  };
}

function drawBeautyBottles(palette: Palette, random: Random): Motif {
  const liquidLevel = random.integerBetween(-20, 40);
  return {
    markup: `
      <defs>
        <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/>
          <stop offset="0.5" stop-color="${palette.light}" stop-opacity="0.75"/>
          <stop offset="1" stop-color="${palette.main}" stop-opacity="0.85"/>
        </linearGradient>
      </defs>
      <rect x="-92" y="-108" width="56" height="54" rx="6" fill="${palette.metal}"/>
      <rect x="-110" y="-196" width="92" height="96" rx="16" fill="${palette.dark}"/>
      <rect x="-100" y="-186" width="16" height="76" rx="8" fill="#ffffff" fill-opacity="0.25"/>
      <rect x="-160" y="-62" width="188" height="232" rx="30" fill="url(#glass)"/>
      <path d="M -160 ${liquidLevel} L 28 ${liquidLevel} L 28 140 Q 28 170 -2 170 L -130 170 Q -160 170 -160 140 Z"
            fill="${palette.main}" fill-opacity="0.7"/>
      <rect x="-136" y="30" width="140" height="76" rx="10" fill="#ffffff" fill-opacity="0.9"/>
      <rect x="-116" y="50" width="100" height="10" rx="5" fill="${palette.accent}"/>
      <rect x="-116" y="72" width="64" height="8" rx="4" fill="${palette.dark}" fill-opacity="0.6"/>
      <rect x="-146" y="-44" width="16" height="180" rx="8" fill="#ffffff" fill-opacity="0.45"/>
      <rect x="52" y="70" width="168" height="100" rx="24" fill="${palette.light}"/>
      <rect x="52" y="100" width="168" height="34" fill="${palette.accent}" fill-opacity="0.85"/>
      <rect x="44" y="28" width="184" height="52" rx="16" fill="${palette.metal}"/>
      <rect x="44" y="62" width="184" height="14" rx="7" fill="${palette.metalShade}"/>
      <rect x="64" y="36" width="60" height="10" rx="5" fill="#ffffff" fill-opacity="0.6"/>`,
    groundY: 170,
    shadowWidth: 230,
  };
}

function drawDice(palette: Palette, random: Random): Motif {
  const pipLayouts: Record<number, Array<[number, number]>> = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  const die = (cx: number, cy: number, size: number, angle: number, face: string, pip: string) => {
    const half = size / 2;
    const pips = (pipLayouts[random.integerBetween(1, 6)] ?? [])
      .map(([column, row]) => `<circle cx="${column * size * 0.27}" cy="${row * size * 0.27}" r="${size * 0.085}" fill="${pip}"/>`)
      .join('');
    return `
      <g transform="translate(${cx} ${cy}) rotate(${angle})">
        <rect x="${-half + 12}" y="${-half + 14}" width="${size}" height="${size}" rx="${size * 0.18}" fill="#000000" fill-opacity="0.18"/>
        <rect x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${size * 0.18}" fill="${face}"/>
        <rect x="${-half + 10}" y="${-half + 10}" width="${size - 20}" height="${size * 0.22}" rx="${size * 0.1}" fill="#ffffff" fill-opacity="0.22"/>
        ${pips}
      </g>`;
  };
  return {
    markup: [
      die(-105, 85, 170, random.integerBetween(-14, -4), palette.main, '#ffffff'),
      die(110, 95, 150, random.integerBetween(6, 18), '#fbfaf7', palette.dark),
      die(-5, -70, 140, random.integerBetween(-20, 20), palette.accent, '#ffffff'),
    ].join(''),
    groundY: 172,
    shadowWidth: 240,
  };
}

function drawWatch(palette: Palette, random: Random): Motif {
  const ticks = Array.from({ length: 12 }, (_, index) => {
    const isMajor = index % 3 === 0;
    return `<line x1="0" y1="${isMajor ? -76 : -82}" x2="0" y2="-92" stroke="${palette.dark}"
              stroke-width="${isMajor ? 7 : 4}" stroke-linecap="round" transform="rotate(${index * 30})"/>`;
  }).join('');
  const holes = [120, 150, 180, 210].map((y) => `<circle cx="0" cy="${y}" r="6" fill="#000000" fill-opacity="0.35"/>`).join('');
  const hourAngle = random.integerBetween(0, 359);
  const minuteAngle = random.integerBetween(0, 359);
  const faceColour = random.pick(['#fbfaf7', palette.light, '#1f2430']);
  const handColour = faceColour === '#1f2430' ? '#ffffff' : palette.dark;
  return {
    markup: `
      <rect x="-62" y="-245" width="124" height="170" rx="20" fill="${palette.dark}"/>
      <rect x="-62" y="75" width="124" height="170" rx="20" fill="${palette.dark}"/>
      <rect x="-44" y="-235" width="12" height="150" rx="6" fill="#ffffff" fill-opacity="0.15"/>
      ${holes}
      <rect x="-78" y="-118" width="156" height="236" rx="36" fill="${palette.metalShade}"/>
      <rect x="122" y="-16" width="26" height="32" rx="6" fill="${palette.metal}"/>
      <circle r="126" fill="${palette.metal}"/>
      <circle r="112" fill="${palette.metalShade}"/>
      <circle r="102" fill="${faceColour}"/>
      ${ticks.replaceAll(palette.dark, handColour)}
      <line x1="0" y1="10" x2="0" y2="-52" stroke="${handColour}" stroke-width="10" stroke-linecap="round" transform="rotate(${hourAngle})"/>
      <line x1="0" y1="14" x2="0" y2="-80" stroke="${handColour}" stroke-width="6" stroke-linecap="round" transform="rotate(${minuteAngle})"/>
      <line x1="0" y1="20" x2="0" y2="-86" stroke="${palette.accent}" stroke-width="3" stroke-linecap="round" transform="rotate(${(minuteAngle + 137) % 360})"/>
      <circle r="9" fill="${palette.accent}"/>
      <path d="M -80 -60 A 100 100 0 0 1 -40 -92" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-opacity="0.45"/>`,
    groundY: 250,
    shadowWidth: 200,
  };
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

const motifsByCategory: Record<string, DrawMotif> = {
  electronics: drawHeadphones,
  fashion: drawSneaker,
  'home-kitchen': drawMug,
  books: drawBookStack,
  'sports-outdoors': drawBackpack,
  beauty: drawBeautyBottles,
  'toys-games': drawDice,
  'jewelry-watches': drawWatch,
};

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
  const drawMotif = motifsByCategory[spec.category] ?? drawGiftBox;
  const motif = drawMotif(palette, random);

  // The main picture is straight on; other views turn, zoom and mirror the object like a second shot.
  const scale = view === 0 ? 1.18 : random.floatBetween(1.02, 1.26);
  const angle = view === 0 ? random.floatBetween(-3, 3) : random.floatBetween(-12, 12);
  const isMirrored = view % 2 === 1;
  const centerX = 400 + random.integerBetween(-24, 24);
  const centerY = 380 + random.integerBetween(-16, 16);
  return {
    palette,
    motif,
    transform: `translate(${centerX} ${centerY}) rotate(${angle.toFixed(2)}) scale(${(isMirrored ? -scale : scale).toFixed(3)} ${scale.toFixed(3)})`,
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
