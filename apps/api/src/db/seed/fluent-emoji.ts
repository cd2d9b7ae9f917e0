import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

// Reads emojis from Microsoft's Fluent Emoji (flat style, MIT licence), as the @iconify-json/fluent-emoji-flat
// package ships them: one JSON file (about 9 MB) holding each emoji's SVG markup. It is read once per
// call and only the emojis asked for are kept (docs/decisions/0024-drafts-and-demo-pictures.md).

/** One emoji: SVG markup drawn in the box (left, top, width, height). */
export interface EmojiIcon {
  name: string;
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

interface IconifyIcon {
  body: string;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
}

interface IconifySet {
  icons: Record<string, IconifyIcon>;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
}

/** Where the package keeps the set, resolved from this module so tsx and the built server both find it. */
function iconSetPath(): string {
  return createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json');
}

/**
 * The named emojis; a name the set does not have is left out of the answer (the caller decides what
 * to draw instead). Throws only when the package itself cannot be read.
 */
export async function loadFluentEmojis(names: Iterable<string>): Promise<Map<string, EmojiIcon>> {
  const wanted = new Set(names);
  const found = new Map<string, EmojiIcon>();
  if (wanted.size === 0) return found;
  const set = JSON.parse(await readFile(iconSetPath(), 'utf8')) as IconifySet;
  for (const name of wanted) {
    const icon = Object.hasOwn(set.icons, name) ? set.icons[name] : undefined;
    if (!icon) continue;
    found.set(name, {
      name,
      body: icon.body,
      left: icon.left ?? set.left ?? 0,
      top: icon.top ?? set.top ?? 0,
      width: icon.width ?? set.width ?? 16,
      height: icon.height ?? set.height ?? 16,
    });
  }
  return found;
}

/**
 * The emoji's markup with its ids (gradients, clip paths) prefixed, so two emojis in one picture
 * never point at each other's definitions.
 */
export function scopedEmojiBody(icon: EmojiIcon, prefix: string): string {
  return icon.body
    .replace(/\bid="([^"]+)"/g, (_match, id: string) => `id="${prefix}-${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_match, id: string) => `url(#${prefix}-${id})`)
    .replace(/href="#([^"]+)"/g, (_match, id: string) => `href="#${prefix}-${id}"`);
}
