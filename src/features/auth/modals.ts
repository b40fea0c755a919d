/** The accounts dialogs, lazy so the first route never downloads them (the modal host renders them). */
import { lazy } from 'react';

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
