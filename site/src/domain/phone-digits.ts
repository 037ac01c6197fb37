/*
 * One person's phone, however they typed it: the rules that allow one of something per phone
 * (one spin, one car on hold) compare these digits.
 */

/**
 * A phone number as the one-per-phone rules compare it: its digits, an Australian +61 written as 0.
 * @param phone the phone as typed
 * @example phoneDigits('+61 412 345 678') // '0412345678'
 */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return phone.trim().startsWith('+61') ? `0${digits.slice(2)}` : digits;
}
