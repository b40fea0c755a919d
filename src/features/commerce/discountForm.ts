/**
 * The merchant's new-discount-code form as data: what was typed, and the DiscountInput it makes or
 * the fields that are wrong (the server checks again; this names problems before sending). Dates
 * are UTC days: a code is valid from the start of its first day to the end of its last.
 */
import { DISCOUNT_CODE_PATTERN, type DiscountInput } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { decimalToMinor } from './money';

export interface DiscountDraft {
  code: string;
  type: 'percent' | 'amount';
  /** Percent (whole number) or an amount in the currency's decimals. */
  value: string;
  currency: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  perMember: string;
}

export type DiscountProblems = Partial<Record<keyof DiscountDraft, string>>;

export const emptyDiscountDraft = (): DiscountDraft => ({
  code: '',
  type: 'percent',
  value: '',
  currency: 'USD',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  perMember: '',
});

const CODE = new RegExp(DISCOUNT_CODE_PATTERN);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function count(text: string): number | null | undefined {
  if (text.trim() === '') return undefined;
  return /^\d{1,7}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;
}

export function discountInputOf(
  draft: DiscountDraft,
): { input: DiscountInput } | { problems: DiscountProblems } {
  const problems: DiscountProblems = {};
  const code = draft.code.trim().toUpperCase();
  if (!CODE.test(code)) problems.code = texts.codeInvalid;
  let value: number | null;
  if (draft.type === 'percent') {
    value = /^\d{1,3}$/.test(draft.value.trim()) ? Number(draft.value) : null;
    if (value === null || value < 1 || value > 100) problems.value = texts.percentInvalid;
  } else {
    if (!/^[A-Z]{3}$/.test(draft.currency)) problems.currency = texts.currencyInvalid;
    value = decimalToMinor(draft.value, draft.currency);
    if (value === null || value < 1) problems.value = texts.amountInvalid;
  }
  const maxUses = count(draft.maxUses);
  const perMember = count(draft.perMember);
  if (maxUses === null) problems.maxUses = texts.countInvalid;
  if (perMember === null) problems.perMember = texts.countInvalid;
  if (value === null || Object.keys(problems).length > 0) return { problems };
  return {
    input: {
      code,
      type: draft.type,
      value,
      ...(draft.type === 'amount' ? { currency: draft.currency } : {}),
      // The date fields give YYYY-MM-DD or nothing.
      ...(DAY.test(draft.validFrom) ? { valid_from: `${draft.validFrom}T00:00:00.000Z` } : {}),
      ...(DAY.test(draft.validUntil) ? { valid_until: `${draft.validUntil}T23:59:59.999Z` } : {}),
      ...(maxUses ? { max_uses: maxUses } : {}),
      ...(perMember ? { per_member_limit: perMember } : {}),
    },
  };
}
