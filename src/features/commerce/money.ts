/**
 * Prices are integers in the currency's minor unit (docs/shop.md): Intl knows how many digits each
 * currency has (2 for USD, 0 for JPY, 3 for KWD), so the same code shows and reads any of them.
 */

/** How many minor digits a currency has (2 when Intl does not know the code). */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** "$12.50", "R 120,00", "¥500": an amount in minor units, in the reader's locale. */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const digits = minorDigits(currency);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** Minor units as an editable decimal ("12.50"), for the merchant's price field. */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * A typed price ("12.5", "12.50", "1200") in minor units, or null when it is not a price in that
 * currency (more decimals than it has, negative, not a number). Exact: no floating-point rounding.
 */
export function decimalToMinor(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
