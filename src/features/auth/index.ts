/** The accounts domain as other parts of the app see it. */
import type { FeatureModule } from '../../app/featureModule';
import { ForgotPasswordDialog, LoginDialog, RegisterDialog, ResetPasswordDialog } from './modals';
import { authRoutes } from './routes';
export { authRoutes } from './routes';
export { useResetLink } from './useResetLink';
export { ForgotPasswordDialog, LoginDialog, RegisterDialog, ResetPasswordDialog } from './modals';

export const authModule: FeatureModule = {
  name: 'auth',
  routes: authRoutes,
  modals: {
    login: LoginDialog,
    register: RegisterDialog,
    forgotPassword: ForgotPasswordDialog,
    resetPassword: ResetPasswordDialog,
  },
};
