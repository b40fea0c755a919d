import { describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import {
  canSubmitLogin,
  normalizeUsername,
  validateForgotPassword,
  validatePasswordReset,
  validateRegistration,
  type RegistrationForm,
} from './validation';

const valid: RegistrationForm = {
  name: 'Robin Hood',
  nickname: 'robin',
  email: 'robin@example.org',
  password: 'Sherwood1',
  confirmPassword: 'Sherwood1',
  termsAccepted: true,
};

describe('validateRegistration', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toBeNull();
  });

  it('checks the terms first, even when everything else is wrong too', () => {
    const everythingWrong = {
      name: '',
      nickname: '',
      email: '',
      password: 'a',
      confirmPassword: 'b',
      termsAccepted: false,
    };
    expect(validateRegistration(everythingWrong)).toBe(messages.registerTermsRequired);
  });

  it.each(['name', 'nickname', 'email', 'password'] as const)(
    'checks that %s is filled in second, before the passwords are compared',
    (field) => {
      const form = { ...valid, [field]: '   ', confirmPassword: 'something else' };
      expect(validateRegistration(form)).toBe(messages.registerFieldsRequired);
    },
  );

  it('compares the passwords third, before the strength rule', () => {
    expect(validateRegistration({ ...valid, password: 'weak', confirmPassword: 'weaker' })).toBe(
      messages.passwordsDiffer,
    );
  });

  it('applies the medium rule last', () => {
    expect(validateRegistration({ ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe(
      messages.passwordTooWeak,
    );
    expect(validateRegistration({ ...valid, password: 'Abc1', confirmPassword: 'Abc1' })).toBe(
      messages.passwordTooWeak,
    );
  });

  it('does not require the confirmation to be filled in separately (it must just match)', () => {
    expect(validateRegistration({ ...valid, confirmPassword: '' })).toBe(messages.passwordsDiffer);
  });

  it('uses the spec wording with its spelling fixed', () => {
    expect(messages.registerTermsRequired).toBe(
      'To register you are required to accept our terms and conditions!',
    );
    expect(messages.passwordTooWeak).toBe(
      'Please ensure your password is at least 8 characters long and contains both letters and numbers!',
    );
  });
});

describe('login', () => {
  it('trims and lowercases the username', () => {
    expect(normalizeUsername('  Robin@Example.ORG ')).toBe('robin@example.org');
  });

  it('does nothing when the email or the password is empty', () => {
    expect(canSubmitLogin('', 'secret')).toBe(false);
    expect(canSubmitLogin('   ', 'secret')).toBe(false);
    expect(canSubmitLogin('robin@example.org', '')).toBe(false);
    expect(canSubmitLogin('robin@example.org', 'secret')).toBe(true);
  });
});

describe('validateForgotPassword', () => {
  it('requires an email', () => {
    expect(validateForgotPassword(' ')).toBe(messages.forgotEmailRequired);
    expect(validateForgotPassword('robin@example.org')).toBeNull();
  });
});

describe('validatePasswordReset', () => {
  const form = { secret: 'Old-pass1', newPassword: 'Sherwood2', confirmPassword: 'Sherwood2', isPin: false };

  it('accepts a complete form', () => {
    expect(validatePasswordReset(form)).toBeNull();
  });

  it('requires the current password first', () => {
    expect(validatePasswordReset({ ...form, secret: '', confirmPassword: 'x' })).toBe(
      messages.resetCurrentRequired,
    );
  });

  it('asks for the pin instead when the reset came from a mailed link', () => {
    expect(validatePasswordReset({ ...form, secret: '', isPin: true })).toBe(messages.resetPinRequired);
  });

  it('then compares the new passwords, then applies the medium rule', () => {
    expect(validatePasswordReset({ ...form, confirmPassword: 'Sherwood3' })).toBe(messages.passwordsDiffer);
    expect(validatePasswordReset({ ...form, newPassword: 'short', confirmPassword: 'short' })).toBe(
      messages.passwordTooWeak,
    );
  });
});
