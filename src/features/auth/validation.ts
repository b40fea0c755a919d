/**
 * The account forms' rules of SPEC §5 as pure functions: each returns the message of the first
 * rule that fails, in the spec's order, or null when the form may be sent.
 */
import { messages } from '@contract/messages';
import { meetsMediumRule } from '@contract/password';

/** The login name as the server expects it (the contract's rule, which the server also runs). */
export { normalizeUsername } from '@contract/username';

/** Login: with an empty email or password nothing happens at all (no message). */
export function canSubmitLogin(email: string, password: string): boolean {
  return email.trim() !== '' && password !== '';
}

export interface RegistrationForm {
  name: string;
  nickname: string;
  email: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

export function validateRegistration(form: RegistrationForm): string | null {
  if (!form.termsAccepted) return messages.registerTermsRequired;
  const required = [form.nickname, form.email, form.password, form.name];
  if (required.some((value) => value.trim() === '')) return messages.registerFieldsRequired;
  if (form.password !== form.confirmPassword) return messages.passwordsDiffer;
  if (!meetsMediumRule(form.password)) return messages.passwordTooWeak;
  return null;
}

export function validateForgotPassword(email: string): string | null {
  return email.trim() === '' ? messages.forgotEmailRequired : null;
}

export interface PasswordResetForm {
  /** The current password, or the pin from the mail when the reset came from a request. */
  secret: string;
  newPassword: string;
  confirmPassword: string;
  /** True when `secret` is the emailed pin (arrived with a reset request id). */
  isPin: boolean;
}

export function validatePasswordReset(form: PasswordResetForm): string | null {
  if (form.secret.trim() === '')
    return form.isPin ? messages.resetPinRequired : messages.resetCurrentRequired;
  if (form.newPassword !== form.confirmPassword) return messages.passwordsDiffer;
  if (!meetsMediumRule(form.newPassword)) return messages.passwordTooWeak;
  return null;
}
