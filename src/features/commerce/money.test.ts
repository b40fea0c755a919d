import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMoney, minorDigits, minorToDecimal } from './money';

describe('money in minor units', () => {
  it('knows how many minor digits a currency has', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('formats cents as the currency, in the given locale', () => {
    expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500');
    expect(formatMoney(0, 'EUR', 'en-US')).toBe('€0.00');
  });

  it('reads a typed price exactly, refusing what is not a price in that currency', () => {
    expect(decimalToMinor('12.5', 'USD')).toBe(1250);
    expect(decimalToMinor('19.99', 'USD')).toBe(1999);
    expect(decimalToMinor('0,10', 'EUR')).toBe(10);
    expect(decimalToMinor('7', 'USD')).toBe(700);
    expect(decimalToMinor('500', 'JPY')).toBe(500);
    expect(decimalToMinor('1.234', 'USD')).toBeNull();
    expect(decimalToMinor('5.5', 'JPY')).toBeNull();
    expect(decimalToMinor('-1', 'USD')).toBeNull();
    expect(decimalToMinor('abc', 'USD')).toBeNull();
  });

  it('shows minor units as an editable decimal', () => {
    expect(minorToDecimal(1999, 'USD')).toBe('19.99');
    expect(minorToDecimal(500, 'JPY')).toBe('500');
  });
});
