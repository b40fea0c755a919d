/**
 * The account flows of SPEC §4 and §8 as thunks: each calls the API, stores what it must, shows the
 * spec's toast and answers a plain outcome the dialog acts on (close, chain, show a success view).
 * Keeping the decisions here means the dialogs only collect input.
 */
import type {
  LoginResponse,
  PasswordChangeRequest,
  PasswordResetStarted,
  RegisterPendingResponse,
  RegisterRequest,
  SocialProvider,
} from '@contract/auth';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { ApiError } from '../../api/ApiError';
import { TOAST_MS } from '../../lib/constants';
import { sessionActions } from '../../app/sessionSlice';
import type { AppThunk } from '../../app/thunk';
import { uiActions, type ToastRequest } from '../../app/uiSlice';
import { PROVIDER_LABELS } from './providers';
import { normalizeUsername } from './validation';

export type SignInOutcome = 'signedIn' | 'verificationRequired' | 'noSocialAccount' | 'failed';

const LOGIN_PATH = 'login?include_profile=true';

const confirmEmailNotice: ToastRequest = {
  severity: 'info',
  title: messages.confirmEmailTitle,
  message: messages.confirmEmailBody,
  durationMs: TOAST_MS.emailVerification,
};

/** A failed sign-in or registration: the server's reason, centred, as a warning. */
function failureToast(error: unknown, durationMs: number): ToastRequest {
  if (error instanceof ApiError) {
    return { severity: 'warning', message: error.reason, durationMs, position: 'middle' };
  }
  return { severity: 'error', message: errorText(error) };
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : messages.serverError;
}

/** Stores the member and announces the sign-in (`session/loggedIn` refreshes the menu). */
function completeSignIn(
  response: LoginResponse,
  details: { username: string; method: 'basic' | 'social'; provider?: SocialProvider },
  welcome: string,
): AppThunk {
  return (dispatch) => {
    dispatch(sessionActions.loggedIn({ response, ...details }));
    dispatch(
      uiActions.toastShown({
        severity: 'success',
        message: formatMessage(welcome, { nickname: response.nickname, product: product.name }),
      }),
    );
  };
}

export function signIn(email: string, password: string): AppThunk<Promise<SignInOutcome>> {
  return async (dispatch, _getState, { apiClient }) => {
    const username = normalizeUsername(email);
    try {
      const response = await apiClient.request<LoginResponse>('POST', LOGIN_PATH, { username, password });
      if (response.email_verification_required) {
        dispatch(uiActions.toastShown(confirmEmailNotice));
        return 'verificationRequired';
      }
      dispatch(completeSignIn(response, { username, method: 'basic' }, messages.welcomeBack));
      return 'signedIn';
    } catch (error) {
      if (error instanceof ApiError && error.emailVerificationRequired) {
        dispatch(uiActions.toastShown(confirmEmailNotice));
        return 'verificationRequired';
      }
      dispatch(uiActions.toastShown(failureToast(error, TOAST_MS.default)));
      return 'failed';
    }
  };
}

/** Sign-in with a provider's ID token; no account yet → the caller offers registration. */
export function signInWithProvider(
  provider: SocialProvider,
  idToken: string,
): AppThunk<Promise<SignInOutcome>> {
  return async (dispatch, _getState, { apiClient }) => {
    try {
      const response = await apiClient.request<LoginResponse>('POST', LOGIN_PATH, {
        method: 'social',
        provider,
        access_token: idToken,
      });
      dispatch(completeSignIn(response, { username: '', method: 'social', provider }, messages.welcomeBack));
      return 'signedIn';
    } catch (error) {
      const noAccount = formatMessage(messages.socialNoAccount, { provider: PROVIDER_LABELS[provider] });
      if (error instanceof ApiError && error.reason === noAccount) return 'noSocialAccount';
      if (error instanceof ApiError && error.emailVerificationRequired) {
        dispatch(uiActions.toastShown(confirmEmailNotice));
        return 'verificationRequired';
      }
      dispatch(uiActions.toastShown(failureToast(error, TOAST_MS.default)));
      return 'failed';
    }
  };
}

export type RegistrationRequest =
  | {
      method: 'password';
      name: string;
      nickname: string;
      email: string;
      password: string;
      newsletter: boolean;
    }
  | { method: 'social'; provider: SocialProvider; idToken: string; newsletter: boolean };

export function register(request: RegistrationRequest): AppThunk<Promise<SignInOutcome>> {
  return async (dispatch, _getState, { apiClient }) => {
    const username = request.method === 'password' ? normalizeUsername(request.email) : '';
    const body: RegisterRequest =
      request.method === 'password'
        ? {
            firstname: request.name.trim(),
            nickname: request.nickname.trim(),
            username,
            password: request.password,
            newsletter_subscribed: request.newsletter,
            terms_accepted: true,
          }
        : {
            method: 'social',
            provider: request.provider,
            access_token: request.idToken,
            newsletter_subscribed: request.newsletter,
            terms_accepted: true,
          };
    try {
      // 202 when REQUIRE_EMAIL_VERIFICATION is on: the account exists, the session waits for the mail.
      const response = await apiClient.request<LoginResponse | RegisterPendingResponse>(
        'POST',
        'register',
        body,
      );
      if (!('auth_token' in response) || response.email_verification_required) {
        dispatch(uiActions.toastShown(confirmEmailNotice));
        return 'verificationRequired';
      }
      const method = request.method === 'social' ? 'social' : 'basic';
      const provider = request.method === 'social' ? request.provider : undefined;
      dispatch(completeSignIn(response, { username, method, provider }, messages.accountCreated));
      return 'signedIn';
    } catch (error) {
      dispatch(uiActions.toastShown(failureToast(error, TOAST_MS.register)));
      return 'failed';
    }
  };
}

/** Starts a reset: the server mails a link and a pin; answers the request id, or null. */
export function requestPasswordReset(email: string): AppThunk<Promise<string | null>> {
  return async (dispatch, _getState, { apiClient }) => {
    try {
      const { rid } = await apiClient.request<PasswordResetStarted>('POST', 'password_reset', {
        username: normalizeUsername(email),
      });
      dispatch(uiActions.toastShown({ severity: 'info', message: messages.forgotSent }));
      return rid;
    } catch (error) {
      // A transport error shows its status text: ApiError already falls back to it.
      dispatch(uiActions.toastShown({ severity: 'warning', message: errorText(error) }));
      return null;
    }
  };
}

export type PasswordResetSecret =
  { kind: 'pin'; rid: string; pin: string } | { kind: 'current'; password: string };

/** Sets a new password; true when the server accepted it. */
export function resetPassword(secret: PasswordResetSecret, newPassword: string): AppThunk<Promise<boolean>> {
  return async (dispatch, _getState, { apiClient }) => {
    const body: PasswordChangeRequest =
      secret.kind === 'pin'
        ? { use_rid: true, rid: secret.rid, reset_pin: secret.pin.trim(), password_new: newPassword }
        : { password_current: secret.password, password_new: newPassword };
    try {
      await apiClient.request('PUT', 'password_reset', body);
      return true;
    } catch (error) {
      // The server's refusal is a warning; no answer at all (an exception) is shown as danger.
      const refused = error instanceof ApiError && !error.isOffline;
      dispatch(uiActions.toastShown({ severity: refused ? 'warning' : 'error', message: errorText(error) }));
      return false;
    }
  };
}

/**
 * Ends the session on the server when it can be reached, and on this device in any case: a member
 * who logs out offline is signed out here (the confirmation warned them).
 */
export function logout(): AppThunk<Promise<void>> {
  return async (dispatch, getState, { apiClient }) => {
    const { authToken, refreshToken } = getState().session;
    if (authToken !== null) {
      try {
        // The refresh credential ends the sign-in even when the auth token has already lapsed.
        await apiClient.request('POST', 'logout', refreshToken ? { refresh_token: refreshToken } : {});
      } catch (error) {
        console.warn('Logout could not reach the server; signing out on this device only', error);
      }
    }
    dispatch(sessionActions.loggedOut());
    dispatch(uiActions.toastShown({ severity: 'success', message: messages.loggedOut }));
  };
}
