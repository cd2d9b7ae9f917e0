// One layout for every e-mail: HTML (tables and inline styles, which mail clients understand) and the
// same words as plain text. Every string given is escaped here, so a product title or a name with
// `<script>` in it shows as text. The colours are the web app's teal (Tailwind teal-700 and teal-50).

const TEAL_700 = '#0f766e';
const TEAL_50 = '#f0fdfa';
const SLATE_700 = '#334155';
const SLATE_500 = '#64748b';

export interface EmailRow {
  label: string;
  value: string;
  /** Shown bold (a total). */
  isEmphasized?: boolean;
}

export interface EmailSection {
  title?: string;
  /** Label and value pairs: items and their prices, totals, a payout's breakdown. */
  rows?: EmailRow[];
  /** Lines shown one under the other: an address. */
  lines?: string[];
}

export interface RenderEmailInput {
  preheader?: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  footer?: string;
  unsubscribeUrl?: string;
  /** Tables and address blocks after the paragraphs. */
  sections?: EmailSection[];
  /** The marketplace's name in the header (Admin → Settings); `Marketplace` when absent. */
  brandName?: string;
}

/** Text for HTML: `&`, `<`, `>`, `"` and `'` become entities (safe in text and in quoted attributes). */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Only http(s) links go into an href: anything else (javascript:, data:) is dropped to plain text. */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function sectionHtml(section: EmailSection): string {
  const parts: string[] = [];
  if (section.title) parts.push(`<h2 style="margin:24px 0 8px;font-size:16px;color:${SLATE_700};">${escapeHtml(section.title)}</h2>`);
  if (section.rows && section.rows.length > 0) {
    const rows = section.rows
      .map((row) => {
        const weight = row.isEmphasized ? 'font-weight:bold;' : '';
        return `<tr><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;${weight}">${escapeHtml(row.label)}</td><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap;${weight}">${escapeHtml(row.value)}</td></tr>`;
      })
      .join('');
    parts.push(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;color:${SLATE_700};">${rows}</table>`,
    );
  }
  if (section.lines && section.lines.length > 0) {
    parts.push(`<p style="margin:0 0 12px;font-size:14px;line-height:20px;color:${SLATE_700};">${section.lines.map(escapeHtml).join('<br>')}</p>`);
  }
  return parts.join('');
}

function sectionText(section: EmailSection): string {
  const parts: string[] = [];
  if (section.title) parts.push(section.title.toUpperCase());
  for (const row of section.rows ?? []) parts.push(`${row.label}: ${row.value}`);
  parts.push(...(section.lines ?? []));
  return parts.join('\n');
}

export function renderEmail(input: RenderEmailInput): { html: string; text: string } {
  const brand = input.brandName?.trim() || 'Marketplace';
  const buttonUrl = input.button ? safeUrl(input.button.url) : null;
  const unsubscribeUrl = input.unsubscribeUrl ? safeUrl(input.unsubscribeUrl) : null;
  const preheader = input.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(input.preheader)}</div>`
    : '';
  const paragraphs = input.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:${SLATE_700};">${escapeHtml(paragraph)}</p>`)
    .join('');
  const button =
    input.button && buttonUrl
      ? `<p style="margin:24px 0;"><a href="${escapeHtml(buttonUrl)}" style="display:inline-block;background:${TEAL_700};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px;">${escapeHtml(input.button.label)}</a></p>`
      : '';
  const sections = (input.sections ?? []).map(sectionHtml).join('');
  const footerParts = [
    input.footer ? escapeHtml(input.footer) : '',
    unsubscribeUrl ? `<a href="${escapeHtml(unsubscribeUrl)}" style="color:${SLATE_500};">Unsubscribe from these e-mails</a>` : '',
  ].filter(Boolean);
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.heading)}</title></head>`,
    `<body style="margin:0;padding:0;background:${TEAL_50};font-family:Helvetica,Arial,sans-serif;">`,
    preheader,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${TEAL_50};"><tr><td align="center" style="padding:24px 12px;">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden;">',
    `<tr><td style="background:${TEAL_700};padding:16px 24px;color:#ffffff;font-size:18px;font-weight:bold;">${escapeHtml(brand)}</td></tr>`,
    `<tr><td style="padding:24px;">`,
    `<h1 style="margin:0 0 16px;font-size:22px;color:${TEAL_700};">${escapeHtml(input.heading)}</h1>`,
    paragraphs,
    sections,
    button,
    '</td></tr>',
    footerParts.length > 0
      ? `<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;line-height:18px;color:${SLATE_500};">${footerParts.join('<br>')}</td></tr>`
      : '',
    '</table></td></tr></table></body></html>',
  ].join('');

  const text = [
    brand,
    input.heading,
    ...input.paragraphs,
    ...(input.sections ?? []).map(sectionText).filter(Boolean),
    input.button ? `${input.button.label}: ${input.button.url}` : '',
    input.footer ?? '',
    input.unsubscribeUrl ? `Unsubscribe: ${input.unsubscribeUrl}` : '',
  ]
    .filter((part) => part !== '')
    .join('\n\n');
  return { html, text };
}
