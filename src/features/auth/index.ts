/** The accounts domain as other parts of the app see it. */
export { authRoutes } from './routes';
export { useResetLink } from './useResetLink';
export { ForgotPasswordDialog, LoginDialog, RegisterDialog, ResetPasswordDialog } from './modals';
