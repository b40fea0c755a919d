/**
 * App-wide UI state as plain data: the modal stack (modal names and their props, never components
 * or callbacks) and the toast on screen. Components render from it; anyone can open a modal or show
 * a toast by dispatching. A new toast replaces the one showing, as stacked Ionic toasts cover each
 * other: the newest message (say, the next validation problem) is never kept waiting.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_MS } from '../lib/constants';
import type { ModalRequest } from './modalRegistry';

/** The modal kinds are the domains' own (modalRegistry.ts): this slice names none of them. */
export type { ModalName, ModalRequest } from './modalRegistry';
export type ModalEntry = ModalRequest & { id: string };

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: string;
  message: string;
  title?: string;
  severity: ToastSeverity;
  durationMs: number;
  /** `middle` for the spec's centred toasts (sign-in and registration failures). */
  position: 'top' | 'middle' | 'bottom';
  /** A button in the toast that opens a modal (SPEC §5: the signed-out refusal's Login button). */
  action?: ToastAction;
}

/** Plain data like the rest of the slice: the button's text and the modal it opens. */
export interface ToastAction {
  label: string;
  modal: ModalRequest;
}

export type ToastRequest = Omit<Toast, 'id' | 'durationMs' | 'position'> &
  Partial<Pick<Toast, 'durationMs' | 'position'>>;

/** SPEC §9: danger 10 s, success 1 s, everything else 3 s unless the caller says otherwise. */
export function defaultToastDuration(severity: ToastSeverity): number {
  if (severity === 'error') return TOAST_MS.danger;
  if (severity === 'success') return TOAST_MS.success;
  return TOAST_MS.default;
}

export interface UiState {
  modals: ModalEntry[];
  toast: Toast | null;
  /** The signed-in member's unread chat messages, for the shell's badge (set by the chat domain). */
  unreadMessages: number;
}

const initialState: UiState = { modals: [], toast: null, unreadMessages: 0 };

const sameRequest = (a: ModalRequest | undefined, b: ModalRequest) =>
  a !== undefined && a.name === b.name && JSON.stringify(a.props) === JSON.stringify(b.props);

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    /** Opens a modal on top; asking again for the modal already on top changes nothing. */
    modalOpened: {
      reducer(state, action: PayloadAction<ModalEntry>) {
        if (sameRequest(state.modals.at(-1), action.payload)) return;
        state.modals.push(action.payload);
      },
      prepare: (request: ModalRequest) => ({ payload: { ...request, id: nanoid() } }),
    },
    /** Replaces the top modal: how Login, Register, Forgot and Reset chain into each other. */
    modalReplaced: {
      reducer(state, action: PayloadAction<ModalEntry>) {
        state.modals.pop();
        state.modals.push(action.payload);
      },
      prepare: (request: ModalRequest) => ({ payload: { ...request, id: nanoid() } }),
    },
    modalClosed(state, action: PayloadAction<string>) {
      state.modals = state.modals.filter((modal) => modal.id !== action.payload);
    },
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.toast = action.payload;
      },
      prepare: (request: ToastRequest) => ({
        payload: {
          ...request,
          id: nanoid(),
          // A toast with a button stays long enough to reach the button (WCAG 2.2.1).
          durationMs:
            request.durationMs ?? (request.action ? TOAST_MS.danger : defaultToastDuration(request.severity)),
          position: request.position ?? 'bottom',
        },
      }),
    },
    /** The toast's action button was pressed: the toast closes and its modal opens. */
    toastActionTaken: {
      reducer(state, action: PayloadAction<{ toastId: string; modalId: string }>) {
        const request = state.toast?.id === action.payload.toastId ? state.toast.action?.modal : undefined;
        if (!request) return;
        state.toast = null;
        if (!sameRequest(state.modals.at(-1), request))
          state.modals.push({ ...request, id: action.payload.modalId });
      },
      prepare: (toastId: string) => ({ payload: { toastId, modalId: nanoid() } }),
    },
    /** The server (the live channel or the 60 s poll) told the member's unread message count. */
    unreadMessagesCounted(state, action: PayloadAction<number>) {
      state.unreadMessages = Math.max(0, Math.trunc(action.payload));
    },
    /** The toast with this id closed; a newer one that replaced it stays. */
    toastDismissed(state, action: PayloadAction<string>) {
      if (state.toast?.id === action.payload) state.toast = null;
    },
  },
  selectors: {
    selectModals: (state) => state.modals,
    selectCurrentToast: (state) => state.toast,
    selectUnreadMessages: (state) => state.unreadMessages,
  },
});

export const uiActions = uiSlice.actions;
export const { selectModals, selectCurrentToast, selectUnreadMessages } = uiSlice.selectors;
