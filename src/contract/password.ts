/**
 * Password rules of SPEC §5, shared by the register/reset forms and the server (which enforces the
 * medium rule too: the client is never trusted).
 */
export const PASSWORD_MIN_LENGTH = 8;

/** Medium rule: at least 8 characters with at least two of lowercase, uppercase and digit. */
export function meetsMediumRule(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((pattern) => pattern.test(password)).length;
  return classes >= 2;
}

export type PasswordStrength = 'strong' | 'medium' | 'weak' | 'empty';

/**
 * Strength indicator: strong = lowercase, uppercase, digit, one of !@#$%^&* and 8+ characters;
 * medium = the medium rule; weak otherwise; empty for no input.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return 'empty';
  const isStrong =
    password.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[!@#$%^&*]/.test(password);
  if (isStrong) return 'strong';
  return meetsMediumRule(password) ? 'medium' : 'weak';
}
