/** The accounts domain as other parts of the app see it. */
import type { FeatureModule } from '../../app/featureModule';
import { ForgotPasswordDialog, LoginDialog, RegisterDialog, ResetPasswordDialog } from './modals';
export { useResetLink } from './useResetLink';
export { ForgotPasswordDialog, LoginDialog, RegisterDialog, ResetPasswordDialog } from './modals';

export const authModule: FeatureModule = {
  name: 'auth',
  routes: async () => (await import('./routes')).authRoutes,
  modals: {
    login: LoginDialog,
    register: RegisterDialog,
    forgotPassword: ForgotPasswordDialog,
    resetPassword: ResetPasswordDialog,
  },
};
