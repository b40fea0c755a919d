// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { uiActions } from '../../app/uiSlice';
import { apiCalls } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { aLoginResponse } from '../../test/factories';
import { present } from '../../test/present';

const session = aLoginResponse();

async function openLogin(email?: string) {
  const app = renderApp(null);
  act(() => {
    app.store.dispatch(uiActions.modalOpened({ name: 'login', props: email ? { email } : {} }));
  });
  const dialog = await screen.findByRole('dialog', { name: messages.signInTitle });
  return { ...app, dialog };
}

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('the Login dialog', () => {
  it('is named by its title and labels every field and button', async () => {
    const { dialog } = await openLogin();
    expect(within(dialog).getByLabelText(messages.fieldEmail)).toHaveProperty('type', 'email');
    expect(within(dialog).getByLabelText(messages.fieldPassword)).toHaveProperty('type', 'password');
    for (const name of [
      messages.signIn,
      messages.register,
      messages.forgottenPassword,
      messages.createYoursNow,
      messages.close,
    ]) {
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('does nothing at all when the email or the password is empty', async () => {
    const { dialog, network, store } = await openLogin();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.signIn }));
    type(dialog, messages.fieldEmail, 'wren@example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.signIn }));

    await act(() => Promise.resolve());
    expect(apiCalls(network).filter((call) => call.includes('login'))).toEqual([]);
    expect(store.getState().ui.toast).toBeNull();
    expect(screen.getByRole('dialog', { name: messages.signInTitle })).toBeTruthy();
  });

  it('signs in on submit (Enter) with the username trimmed and lowercased, then closes', async () => {
    const { dialog, network, store } = await openLogin();
    network.on('POST', 'login', { body: session });
    type(dialog, messages.fieldEmail, '  Wren@Example.ORG ');
    type(dialog, messages.fieldPassword, 'Secret123');
    // Enter in a field submits the form (implicit submission); the browser test presses the key.
    fireEvent.submit(present(within(dialog).getByLabelText(messages.fieldPassword).closest('form')));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(network.sent.find((request) => request.path.startsWith('login'))).toMatchObject({
      path: 'login?include_profile=true',
      body: { username: 'wren@example.org', password: 'Secret123' },
    });
    expect(store.getState().session).toMatchObject({
      user: { user_id: 'u-1', nickname: 'Wren', username: 'wren@example.org' },
      authToken: session.auth_token,
      refreshToken: session.refresh_token,
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      formatMessage(messages.welcomeBack, { nickname: 'Wren' }),
    );
    expect(store.getState().ui.toast).toMatchObject({ severity: 'success', durationMs: 1000 });
  });

  it("shows the server's reason as a centred 3 s warning and stays open", async () => {
    const { dialog, network, store } = await openLogin('wren@example.org');
    network.on('POST', 'login', {
      status: 401,
      body: { status: 'failed', reason: messages.invalidCredentials },
    });
    type(dialog, messages.fieldPassword, 'Wrong1234');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.signIn }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.invalidCredentials);
    expect(store.getState().ui.toast).toMatchObject({
      severity: 'warning',
      position: 'middle',
      durationMs: 3000,
    });
    expect(screen.getByRole('dialog', { name: messages.signInTitle })).toBeTruthy();
    expect(store.getState().session.user).toBeNull();
  });

  it("shows 'Confirm your email address' for 6 s when the email is not verified yet", async () => {
    const { dialog, network, store } = await openLogin('wren@example.org');
    network.on('POST', 'login', {
      status: 403,
      body: { status: 'failed', reason: messages.emailNotVerified, email_verification_required: true },
    });
    type(dialog, messages.fieldPassword, 'Secret123');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.signIn }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.confirmEmailTitle);
    expect(store.getState().ui.toast).toMatchObject({ durationMs: 6000, title: messages.confirmEmailTitle });
    expect(store.getState().session.user).toBeNull();
  });

  it('chains to Register from the Register button and from the footer', async () => {
    const { dialog } = await openLogin();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.register }));
    await screen.findByRole('dialog', { name: messages.registerTitle });
    expect(screen.queryByRole('dialog', { name: messages.signInTitle })).toBeNull();

    const again = await openLogin();
    fireEvent.click(within(again.dialog).getByRole('button', { name: messages.createYoursNow }));
    await screen.findByRole('dialog', { name: messages.registerTitle });
  });

  it('chains to Forgot Password, carrying the email typed so far', async () => {
    const { dialog } = await openLogin();
    type(dialog, messages.fieldEmail, 'wren@example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.forgottenPassword }));

    const forgot = await screen.findByRole('dialog', { name: messages.forgotTitle });
    expect(within(forgot).getByLabelText(messages.fieldEmail)).toHaveProperty('value', 'wren@example.org');
  });

  it('shows no social buttons when the server lists no provider', async () => {
    const { dialog, network } = await openLogin();
    network.on('GET', 'auth/providers', { body: { status: 'success', providers: [] } });
    await waitFor(() => {
      expect(apiCalls(network)).toContain('GET auth/providers');
    });
    expect(within(dialog).queryByRole('button', { name: /Sign in with/ })).toBeNull();
  });

  it('shows a button per provider the server lists', async () => {
    const app = renderApp(null);
    app.network.on('GET', 'auth/providers', {
      body: { status: 'success', providers: [{ name: 'google', client_id: 'g' }] },
    });
    act(() => {
      app.store.dispatch(uiActions.modalOpened({ name: 'login', props: {} }));
    });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  });

  it('closes from its close button', async () => {
    const { dialog } = await openLogin();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.close }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
