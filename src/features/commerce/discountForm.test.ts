import { describe, expect, it } from 'vitest';
import { shopTexts as texts } from './shopTexts';
import { discountInputOf, emptyDiscountDraft } from './discountForm';

describe('the new discount code form', () => {
  it('makes a percent code, upper-cased, with only the limits that were typed', () => {
    expect(
      discountInputOf({ ...emptyDiscountDraft(), code: 'spring-10', value: '10', maxUses: '50' }),
    ).toEqual({
      input: { code: 'SPRING-10', type: 'percent', value: 10, max_uses: 50 },
    });
  });

  it('makes an amount code in minor units, valid over whole UTC days', () => {
    const draft = {
      ...emptyDiscountDraft(),
      code: 'FIVE',
      type: 'amount' as const,
      value: '2.50',
      currency: 'USD',
      validFrom: '2026-12-01',
      validUntil: '2026-12-31',
      perMember: '1',
    };
    expect(discountInputOf(draft)).toEqual({
      input: {
        code: 'FIVE',
        type: 'amount',
        value: 250,
        currency: 'USD',
        valid_from: '2026-12-01T00:00:00.000Z',
        valid_until: '2026-12-31T23:59:59.999Z',
        per_member_limit: 1,
      },
    });
  });

  it('names every field that is wrong', () => {
    expect(discountInputOf({ ...emptyDiscountDraft(), code: 'a', value: '101', maxUses: '0' })).toEqual({
      problems: { code: texts.codeInvalid, value: texts.percentInvalid, maxUses: texts.countInvalid },
    });
    expect(
      discountInputOf({
        ...emptyDiscountDraft(),
        code: 'JPY',
        type: 'amount',
        value: '1.5',
        currency: 'JPY',
      }),
    ).toEqual({ problems: { value: texts.amountInvalid } });
  });
});
