/**
 * SPEC §5 "Recording while signed out": the refusal toast with a Login button that opens the
 * sign-in dialog. Apart from the other recording toasts because the species pages import it
 * through the domain's index: it must cost them (and the first route, which imports the index for
 * the routes) no more than these few lines.
 */
import { messages } from '@contract/messages';
import type { ToastRequest } from '../../app/uiSlice';

export function recordSignedOutToast(): ToastRequest {
  return {
    message: messages.recordSignedOut,
    severity: 'warning',
    action: { label: messages.loginButton, modal: { name: 'login', props: {} } },
  };
}
