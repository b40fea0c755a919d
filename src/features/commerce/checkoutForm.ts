/** The checkout form's rules, the ones the server's schema checks (PaymentRequestSchema), said early. */
import type { PaymentRequest } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import type { CheckoutDraft, DeviceCartLine } from './cartStore';

export function emptyDraft(email: string): CheckoutDraft {
  return {
    contact: { name: '', email },
    billing: { address: '', city: '', postal_code: '', country: '' },
    discount: null,
  };
}

/** What is wrong, by field; empty when the draft can be sent. */
export function checkoutProblems(draft: CheckoutDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (draft.contact.name.trim() === '') problems.name = texts.nameRequired;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.contact.email.trim())) problems.email = texts.emailInvalid;
  if (draft.billing.country !== '' && !/^[A-Z]{2}$/.test(draft.billing.country))
    problems.country = texts.countryInvalid;
  return problems;
}

/** The PUT commerce/payment body: the cart's products and quantities (never a price) and the draft. */
export function paymentRequestOf(
  lines: readonly DeviceCartLine[],
  draft: CheckoutDraft,
  /** 'play_billing' in the Android app for digital goods (playBilling.ts). */
  method?: 'play_billing',
): PaymentRequest {
  const billing = Object.fromEntries(
    Object.entries(draft.billing)
      .map(([field, value]) => [field, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  return {
    cart: lines.map(({ product_id, quantity }) => ({ product_id, quantity })),
    contact: { name: draft.contact.name.trim(), email: draft.contact.email.trim() },
    billing,
    payment: method ? { method } : {},
    ...(draft.discount ? { discount: draft.discount } : {}),
  };
}
