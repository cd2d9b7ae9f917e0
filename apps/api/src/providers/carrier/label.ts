import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import type { CarrierAddress } from './port';

/**
 * A 4 × 6 inch thermal shipping label at 203 dpi (812 × 1218 dots), laid out like a UPS label:
 * shipper, SHIP TO, the routing postal barcode, the service band, the tracking number and its
 * Code 128 barcode. The text is SVG rendered by sharp (librsvg + fontconfig: it needs a font such as
 * Debian's fonts-dejavu-core); the barcodes are bitmaps from bwip-js with whole-dot bars and their
 * own embedded font, so they stay crisp and scannable on any machine.
 */

export const LABEL_WIDTH_DOTS = 812;
export const LABEL_HEIGHT_DOTS = 1218;

export interface ShippingLabelInput {
  shipper: CarrierAddress;
  recipient: CarrierAddress;
  trackingNumber: string;
  serviceDescription: string;
  weightOunces: number;
  reference?: string | null;
  /** YYYY-MM-DD. */
  shipDate: string;
  /** "1 OF 2" for a multi-package shipment; 1 of 1 by default. */
  packageIndex?: number;
  packageCount?: number;
  /** Set on a return label: the return service's name, printed with UPS's RS mark. */
  returnService?: string | null;
}

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
const MARGIN = 24;
const TRACKING_BARCODE_TOP = 790;
const ROUTING_BARCODE_TOP = 560;

/** Renders the label as a GIF (what UPS returns for thermal-less printing). */
export async function renderShippingLabel(input: ShippingLabelInput): Promise<Buffer> {
  const [trackingBarcode, routingBarcode] = await Promise.all([
    bwipjs.toBuffer({
      bcid: 'code128',
      text: input.trackingNumber,
      scale: 3,
      height: 25,
      includetext: true,
      textsize: 11,
      textxalign: 'center',
      paddingwidth: 10,
      backgroundcolor: 'FFFFFF',
    }),
    bwipjs.toBuffer({
      bcid: 'gs1-128',
      text: `(420)${postalCodeDigits(input.recipient.postalCode)}`,
      scale: 2,
      height: 20,
      includetext: true,
      textsize: 9,
      paddingwidth: 6,
      backgroundcolor: 'FFFFFF',
    }),
  ]);
  const [trackingMeta, routingMeta] = await Promise.all([sharp(trackingBarcode).metadata(), sharp(routingBarcode).metadata()]);
  const trackingLeft = Math.max(0, Math.round((LABEL_WIDTH_DOTS - (trackingMeta.width ?? 0)) / 2));
  const routingLeft = Math.max(0, LABEL_WIDTH_DOTS - MARGIN - (routingMeta.width ?? 0));
  const trackingBottom = TRACKING_BARCODE_TOP + (trackingMeta.height ?? 0);

  return (
    sharp(Buffer.from(labelSvg(input, trackingBottom)))
      .composite([
        { input: routingBarcode, left: routingLeft, top: ROUTING_BARCODE_TOP },
        { input: trackingBarcode, left: trackingLeft, top: TRACKING_BARCODE_TOP },
      ])
      .flatten({ background: '#ffffff' })
      // Pure black on white, as a thermal printer prints it: no grey edges for a scanner to guess at.
      .greyscale()
      .threshold(160)
      .gif({ colours: 2, dither: 0 })
      .toBuffer()
  );
}

/** "1Z999AA10123456784" → "1Z 999 AA1 01 2345 6784", as printed under UPS's own barcodes. */
export function formatTrackingNumberForPrint(trackingNumber: string): string {
  if (trackingNumber.length !== 18 || !trackingNumber.startsWith('1Z')) return trackingNumber;
  const parts = [
    trackingNumber.slice(0, 2),
    trackingNumber.slice(2, 5),
    trackingNumber.slice(5, 8),
    trackingNumber.slice(8, 10),
    trackingNumber.slice(10, 14),
    trackingNumber.slice(14),
  ];
  return parts.join(' ');
}

function labelSvg(input: ShippingLabelInput, trackingBarcodeBottom: number): string {
  const { shipper, recipient } = input;
  const pounds = Math.max(1, Math.ceil(input.weightOunces / 16));
  const packageLine = `${input.packageIndex ?? 1} OF ${input.packageCount ?? 1}`;
  const shipperLines = [shipper.name, shipper.companyName, shipper.phone, shipper.line1, shipper.line2, cityLine(shipper)].filter(isPresent);
  const recipientLines = [recipient.companyName, recipient.phone, recipient.line1, recipient.line2].filter(isPresent);

  const text = (
    x: number,
    y: number,
    value: string,
    size: number,
    options: { bold?: boolean; anchor?: 'start' | 'middle' | 'end'; fill?: string; maxChars?: number } = {},
  ) =>
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}"${options.bold ? ' font-weight="bold"' : ''} text-anchor="${options.anchor ?? 'start'}" fill="${options.fill ?? '#000'}">${escapeXml(truncate(value, options.maxChars ?? 40))}</text>`;

  const body: string[] = [];
  // Shipper, top left; weight and package count, top right.
  shipperLines.forEach((line, index) => body.push(text(MARGIN, 44 + index * 26, line.toUpperCase(), 21, { maxChars: 34 })));
  body.push(text(LABEL_WIDTH_DOTS - MARGIN, 52, `${pounds} LBS`, 36, { bold: true, anchor: 'end' }));
  body.push(text(LABEL_WIDTH_DOTS - MARGIN, 96, packageLine, 30, { bold: true, anchor: 'end' }));
  body.push(text(LABEL_WIDTH_DOTS - MARGIN, 132, `SHP DATE: ${input.shipDate}`, 18, { anchor: 'end' }));
  if (input.returnService) body.push(text(LABEL_WIDTH_DOTS - MARGIN, 184, 'RS', 40, { bold: true, anchor: 'end' }));
  body.push(rule(206, 3));

  // SHIP TO, large.
  body.push(text(MARGIN, 246, 'SHIP TO:', 24, { bold: true }));
  body.push(text(MARGIN + 40, 296, recipient.name.toUpperCase(), 38, { bold: true, maxChars: 30 }));
  recipientLines.forEach((line, index) => body.push(text(MARGIN + 40, 340 + index * 36, line.toUpperCase(), 30, { maxChars: 36 })));
  body.push(text(MARGIN + 40, 340 + recipientLines.length * 36 + 20, cityLine(recipient).toUpperCase(), 44, { bold: true, maxChars: 26 }));
  body.push(rule(548, 3));

  // Routing: state and five-digit ZIP on the left, the 420 + ZIP barcode on the right.
  body.push(text(MARGIN, 630, `${recipient.state.toUpperCase()} ${postalCodeDigits(recipient.postalCode)}`, 60, { bold: true }));
  body.push(text(MARGIN, 672, recipient.countryCode.toUpperCase(), 24));
  body.push(rule(700, 12));

  // Service band, tracking number.
  body.push(text(MARGIN, 752, input.serviceDescription.toUpperCase(), 44, { bold: true, maxChars: 26 }));
  body.push(text(LABEL_WIDTH_DOTS - MARGIN, 752, serviceLevel(input.serviceDescription), 44, { bold: true, anchor: 'end' }));
  body.push(text(MARGIN, 782, `TRACKING #: ${formatTrackingNumberForPrint(input.trackingNumber)}`, 24, { bold: true }));
  const footerTop = Math.min(trackingBarcodeBottom + 12, LABEL_HEIGHT_DOTS - 130);
  body.push(rule(footerTop, 12));

  // Billing and reference.
  body.push(text(MARGIN, footerTop + 50, 'BILLING: P/P', 24, { bold: true }));
  if (input.reference) body.push(text(MARGIN, footerTop + 86, `REF: ${input.reference}`, 22, { maxChars: 56 }));
  if (input.returnService)
    body.push(text(LABEL_WIDTH_DOTS - MARGIN, footerTop + 50, input.returnService.toUpperCase(), 24, { bold: true, anchor: 'end', maxChars: 30 }));
  body.push(text(MARGIN, 1190, 'SANDBOX LABEL — NOT FOR SHIPPING', 18));

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LABEL_WIDTH_DOTS}" height="${LABEL_HEIGHT_DOTS}" viewBox="0 0 ${LABEL_WIDTH_DOTS} ${LABEL_HEIGHT_DOTS}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<rect x="4" y="4" width="${LABEL_WIDTH_DOTS - 8}" height="${LABEL_HEIGHT_DOTS - 8}" fill="none" stroke="#000" stroke-width="4"/>`,
    ...body,
    '</svg>',
  ].join('\n');
}

function rule(y: number, thickness: number): string {
  return `<rect x="4" y="${y}" width="${LABEL_WIDTH_DOTS - 8}" height="${thickness}" fill="#000"/>`;
}

/** The large service-level mark in the band's corner: 1 for next day, 2 for second day, otherwise none. */
function serviceLevel(serviceDescription: string): string {
  const description = serviceDescription.toLowerCase();
  if (description.includes('next day')) return '1';
  if (description.includes('2nd day') || description.includes('second day')) return '2';
  if (description.includes('3 day')) return '3';
  return '';
}

function cityLine(address: CarrierAddress): string {
  return `${address.city} ${address.state} ${address.postalCode}`;
}

function postalCodeDigits(postalCode: string): string {
  const digits = postalCode.replace(/\D/g, '').slice(0, 5);
  return digits.length === 5 ? digits : '00000';
}

function isPresent(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function truncate(value: string, maxChars: number): string {
  return value.length > maxChars ? `${value.slice(0, maxChars - 1)}…` : value;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[character] ?? character);
}
