// UPS tracking numbers ("1Z" numbers): '1Z' + 6-character shipper number + 2-character
// service code + 7-digit package number + 1 check digit. The sandbox carrier makes them and the API
// validates what a carrier hands back, so a label never carries a number UPS would reject.

const BODY_PATTERN = /^[0-9A-Z]{15}$/;
const TRACKING_NUMBER_PATTERN = /^1Z[0-9A-Z]{15}[0-9]$/;

/** One character's value in the check: a digit is itself, a letter is (char code − 63) mod 10 (A → 2, Z → 7). */
function characterValue(character: string): number {
  const code = character.charCodeAt(0);
  return code >= 48 && code <= 57 ? code - 48 : (code - 63) % 10;
}

/**
 * The check digit over the 15 characters after '1Z': every second character (the 2nd, 4th, … 14th)
 * counts double, and the digit brings the sum up to a multiple of 10. Like UPS's own, it cannot see
 * every typo: a letter and a digit of the same value (A and 2), or a change by 5 at a doubled place.
 */
export function upsCheckDigit(body15: string): string {
  if (!BODY_PATTERN.test(body15)) {
    throw new RangeError(`A UPS tracking number body is 15 upper-case letters or digits, got '${body15}'`);
  }
  let sum = 0;
  for (let index = 0; index < body15.length; index += 1) {
    const value = characterValue(body15.charAt(index));
    sum += index % 2 === 1 ? value * 2 : value;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether `value` is a well-formed 1Z tracking number with the right check digit (upper case, no spaces). */
export function isValidUpsTrackingNumber(value: string): boolean {
  if (!TRACKING_NUMBER_PATTERN.test(value)) return false;
  return upsCheckDigit(value.slice(2, 17)) === value.charAt(17);
}

export interface UpsTrackingNumberParts {
  /** The UPS account (shipper) number: 6 letters or digits. */
  shipperNumber: string;
  /** The 2-character service code, e.g. '03' for UPS Ground. */
  serviceCode: string;
  /** 7 digits identifying the package within the shipper's account. */
  packageNumber: string;
}

/** Assembles a tracking number from its parts (letters are upper-cased) and appends the check digit. */
export function makeUpsTrackingNumber(parts: UpsTrackingNumberParts): string {
  const shipperNumber = parts.shipperNumber.toUpperCase();
  const serviceCode = parts.serviceCode.toUpperCase();
  if (!/^[0-9A-Z]{6}$/.test(shipperNumber)) throw new RangeError(`shipperNumber must be 6 letters or digits, got '${parts.shipperNumber}'`);
  if (!/^[0-9A-Z]{2}$/.test(serviceCode)) throw new RangeError(`serviceCode must be 2 letters or digits, got '${parts.serviceCode}'`);
  if (!/^[0-9]{7}$/.test(parts.packageNumber)) throw new RangeError(`packageNumber must be 7 digits, got '${parts.packageNumber}'`);
  const body = `${shipperNumber}${serviceCode}${parts.packageNumber}`;
  return `1Z${body}${upsCheckDigit(body)}`;
}
