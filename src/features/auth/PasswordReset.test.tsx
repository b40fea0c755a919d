// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { uiActions } from '../../app/uiSlice';
import { apiCalls } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { useResetLink } from './useResetLink';

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

/** What the shell does on every page: answer the mailed link, and show where we are. */
function LinkWatcher() {
  useResetLink();
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

describe('the Forgot Password dialog', () => {
  async function openForgot() {
    const app = renderApp(null);
    act(() => {
      app.store.dispatch(uiActions.modalOpened({ name: 'forgotPassword', props: {} }));
    });
    const dialog = await screen.findByRole('dialog', { name: messages.forgotTitle });
    return { ...app, dialog };
  }

  it("says 'No email address provided!' without calling the server when the email is empty", async () => {
    const { dialog, network } = await openForgot();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.requestResetPin }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.forgotEmailRequired);
    expect(apiCalls(network)).toEqual([]);
  });

  it('requests the reset, says to check the inbox and leads on to Reset Password with the rid', async () => {
    const { dialog, network, store } = await openForgot();
    network.on('POST', 'password_reset', { body: { status: 'success', rid: 'rid-42' } });
    type(dialog, messages.fieldEmail, ' Wren@Example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.requestResetPin }));

    // The toast is up for 3 s from the server's answer, and the Reset Password dialog can take
    // longer than that to load its chunk on a loaded machine: see the toast before the dialog.
    expect((await screen.findByRole('alert')).textContent).toBe(messages.forgotSent);
    const reset = await screen.findByRole('dialog', { name: messages.resetTitle });
    expect(network.sent.find((request) => request.path === 'password_reset')?.body).toEqual({
      username: 'wren@example.org',
    });
    expect(within(reset).getByLabelText(messages.fieldResetPin)).toBeTruthy();
    expect(store.getState().ui.modals).toEqual([
      expect.objectContaining({ name: 'resetPassword', props: { rid: 'rid-42', email: 'wren@example.org' } }),
    ]);
  });

  it("shows the failure's text and stays open", async () => {
    const { dialog, network } = await openForgot();
    network.on('POST', 'password_reset', {
      status: 429,
      body: { status: 'failed', reason: messages.tooManyRequests },
    });
    type(dialog, messages.fieldEmail, 'wren@example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.requestResetPin }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.tooManyRequests);
    expect(screen.getByRole('dialog', { name: messages.forgotTitle })).toBeTruthy();
  });

  it('goes back to Sign In with the email', async () => {
    const { dialog } = await openForgot();
    type(dialog, messages.fieldEmail, 'wren@example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.backToSignIn }));
    const login = await screen.findByRole('dialog', { name: messages.signInTitle });
    expect(within(login).getByLabelText(messages.fieldEmail)).toHaveProperty('value', 'wren@example.org');
  });
});

describe('the Reset Password dialog, arriving by the mailed link', () => {
  async function arrive() {
    const app = renderApp(<LinkWatcher />, { route: '/?action=forgotpassword&rid=rid-7' });
    const dialog = await screen.findByRole('dialog', { name: messages.resetTitle });
    const submit = () =>
      fireEvent.click(within(dialog).getByRole('button', { name: messages.updatePassword }));
    return { ...app, dialog, submit };
  }

  it('opens once with the rid from the address, which is then cleaned', async () => {
    const { store } = await arrive();
    expect(store.getState().ui.modals).toEqual([
      expect.objectContaining({ name: 'resetPassword', props: { rid: 'rid-7' } }),
    ]);
    await waitFor(() => {
      expect(screen.getByLabelText('location').textContent).toBe('/');
    });
  });

  it('checks, in order: the pin, equal passwords, the medium rule', async () => {
    const { dialog, submit, network } = await arrive();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.resetPinRequired);

    type(dialog, messages.fieldResetPin, '123456');
    type(dialog, messages.fieldNewPassword, 'Feathers12');
    type(dialog, messages.fieldConfirmNewPassword, 'Feathers13');
    submit();
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(messages.passwordsDiffer);
    });

    type(dialog, messages.fieldNewPassword, 'feathers');
    type(dialog, messages.fieldConfirmNewPassword, 'feathers');
    submit();
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(messages.passwordTooWeak);
    });
    expect(apiCalls(network).filter((call) => call.includes('password_reset'))).toEqual([]);
  });

  it("sends rid and pin, then shows 'Password Reset' with a Sign In button that opens Login", async () => {
    const { dialog, submit, network } = await arrive();
    network.on('PUT', 'password_reset', { body: { status: 'success' } });
    type(dialog, messages.fieldResetPin, ' 123456 ');
    type(dialog, messages.fieldNewPassword, 'Feathers12');
    type(dialog, messages.fieldConfirmNewPassword, 'Feathers12');
    submit();

    const done = await screen.findByRole('dialog', { name: messages.resetDoneTitle });
    expect(network.sent.find((request) => request.path === 'password_reset')?.body).toEqual({
      use_rid: true,
      rid: 'rid-7',
      reset_pin: '123456',
      password_new: 'Feathers12',
    });
    expect(within(done).getByText(messages.resetSucceeded)).toBeTruthy();
    fireEvent.click(within(done).getByRole('button', { name: messages.signIn }));
    await screen.findByRole('dialog', { name: messages.signInTitle });
  });

  it("shows the server's refusal as a warning and keeps the form", async () => {
    const { dialog, submit, network, store } = await arrive();
    network.on('PUT', 'password_reset', {
      status: 400,
      body: { status: 'failed', reason: messages.invalidResetPin },
    });
    type(dialog, messages.fieldResetPin, '000000');
    type(dialog, messages.fieldNewPassword, 'Feathers12');
    type(dialog, messages.fieldConfirmNewPassword, 'Feathers12');
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe(messages.invalidResetPin);
    expect(store.getState().ui.toast).toMatchObject({ severity: 'warning', durationMs: 3000 });
    expect(screen.getByRole('dialog', { name: messages.resetTitle })).toBeTruthy();
  });
});

describe('the Reset Password dialog for a signed-in member', () => {
  it('asks for the current password and closes with a success toast', async () => {
    const app = renderApp(null);
    act(() => {
      app.store.dispatch(uiActions.modalOpened({ name: 'resetPassword', props: {} }));
    });
    const dialog = await screen.findByRole('dialog', { name: messages.resetTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.updatePassword }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.resetCurrentRequired);

    app.network.on('PUT', 'password_reset', { body: { status: 'success' } });
    type(dialog, messages.fieldCurrentPassword, 'Secret123');
    type(dialog, messages.fieldNewPassword, 'Feathers12');
    type(dialog, messages.fieldConfirmNewPassword, 'Feathers12');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.updatePassword }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(app.network.sent.find((request) => request.path === 'password_reset')?.body).toEqual({
      password_current: 'Secret123',
      password_new: 'Feathers12',
    });
    expect(app.store.getState().ui.toast).toMatchObject({
      severity: 'success',
      message: messages.resetSucceeded,
    });
  });
});
