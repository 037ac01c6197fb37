/*
 * Vehicle identification numbers (ISO 3779): 17 characters, letters and digits without I, O and
 * Q. The ninth character is a check digit in North America (ISO 3779 leaves it optional, so many
 * Australian-delivered cars from other markets carry none): a failing check digit is a warning
 * about the feed's data, never a reason to refuse the car.
 */

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Why a VIN is not a VIN (wrong length or characters), or null when its form is right.
 * @param vin upper-case VIN
 */
export function vinFormatError(vin: string): string | null {
  if (vin.length !== 17) return `a VIN has 17 characters, this one has ${vin.length}`;
  const bad = /[^A-HJ-NPR-Z0-9]/.exec(vin);
  if (bad) return `a VIN has no "${bad[0]}" (letters I, O and Q are never used)`;
  return null;
}

/**
 * The check digit a VIN's ninth character should be ('0'–'9' or 'X').
 * @param vin a VIN of the right form
 */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i] ?? '0';
    const value = c >= '0' && c <= '9' ? Number(c) : (TRANSLITERATION[c] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/**
 * Whether a VIN's ninth character is its check digit.
 * @param vin a VIN of the right form
 */
export function vinCheckDigitValid(vin: string): boolean {
  return vin[8] === vinCheckDigit(vin);
}
