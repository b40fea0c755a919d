/** The accounts dialogs, lazy so the first route never downloads them (the modal host renders them). */
import { lazy } from 'react';
import type { SocialProvider } from '@contract/auth';

export const LoginDialog = lazy(async () => ({ default: (await import('./LoginDialog')).LoginDialog }));
export const RegisterDialog = lazy(async () => ({
  default: (await import('./RegisterDialog')).RegisterDialog,
}));
export const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./ForgotPasswordDialog')).ForgotPasswordDialog,
}));
export const ResetPasswordDialog = lazy(async () => ({
  default: (await import('./ResetPasswordDialog')).ResetPasswordDialog,
}));

/** A social sign-in that found no account yet: the register dialog offers to create one. */
export interface PendingSocialSignIn {
  provider: SocialProvider;
  /** The provider's ID token, sent once more to register. */
  idToken: string;
}

declare module '../../app/modalRegistry' {
  interface ModalProps {
    login: { email?: string };
    register: { social?: PendingSocialSignIn };
    forgotPassword: { email?: string };
    /** With `rid`: arrived from a reset request (pin from the mail); without: change while signed in. */
    resetPassword: { rid?: string; email?: string };
  }
}
