// @vitest-environment happy-dom
// The terms and privacy dialogs keep a copy of the page on the device (idb-keyval).
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { uiActions } from '../../app/uiSlice';
import { apiCalls } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { aLoginResponse } from '../../test/factories';
import { answeringContent, aPage } from '../cms/testContent';
import { present } from '../../test/present';

async function openRegister() {
  const app = renderApp(null);
  act(() => {
    app.store.dispatch(uiActions.modalOpened({ name: 'register', props: {} }));
  });
  // The dialog is a lazy chunk: its first load may take a while on a busy machine.
  const dialog = await screen.findByRole('dialog', { name: messages.registerTitle });
  const type = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: messages.createAccount }));
  const terms = () => within(dialog).getByRole<HTMLInputElement>('checkbox', { name: messages.termsLabel });
  return { ...app, dialog, type, submit, terms };
}

type Opened = Awaited<ReturnType<typeof openRegister>>;

function fillValid({ type, terms }: Opened) {
  type(messages.fieldName, 'Jenny Wren');
  type(messages.fieldNickname, 'wren');
  type(messages.fieldEmail, ' Jenny@Example.org ');
  type(messages.fieldPassword, 'Feathers12');
  type(messages.fieldConfirmPassword, 'Feathers12');
  if (!terms().checked) fireEvent.click(terms());
}

async function expectWarning(opened: Opened, message: string) {
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(message);
  expect(opened.store.getState().ui.toast).toMatchObject({ severity: 'warning', durationMs: 5000 });
  expect(apiCalls(opened.network).filter((call) => call.startsWith('POST register'))).toEqual([]);
}

describe('the Register dialog', () => {
  it('labels every field, has the newsletter on and the terms off by default', async () => {
    const { dialog } = await openRegister();
    for (const label of [
      messages.fieldName,
      messages.fieldNickname,
      messages.fieldEmail,
      messages.fieldPassword,
      messages.fieldConfirmPassword,
    ]) {
      expect(within(dialog).getByLabelText(label)).toBeTruthy();
    }
    const newsletter = within(dialog).getByRole<HTMLInputElement>('checkbox', {
      name: formatMessage(messages.newsletterLabel, { product: product.name }),
    });
    expect(newsletter.checked).toBe(true);
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: messages.termsLabel }).checked,
    ).toBe(false);
  });

  it('links to the terms and the privacy policy', async () => {
    const { dialog } = await openRegister();
    expect(within(dialog).getByRole('link', { name: messages.termsLink }).getAttribute('href')).toBe(
      '/general-content-page/terms-conditions',
    );
    expect(within(dialog).getByRole('link', { name: messages.privacyLink }).getAttribute('href')).toBe(
      '/general-content-page/privacy-policy',
    );
  });

  it('opens the terms over the dialog, and closing them returns to the form with everything typed', async () => {
    const opened = await openRegister();
    answeringContent(opened.network, [
      aPage(),
      aPage({
        slug: 'privacy-policy',
        title: 'Privacy Policy',
        content: '## What we keep\n\nYour sightings.',
      }),
    ]);
    fillValid(opened);

    fireEvent.click(within(opened.dialog).getByRole('link', { name: messages.termsLink }));
    const terms = await screen.findByRole('dialog', { name: 'Terms & Conditions' });
    expect(await within(terms).findByRole('heading', { level: 3, name: 'Your account' })).toBeTruthy();
    expect(opened.store.getState().ui.modals.map((modal) => modal.name)).toEqual(['register', 'contentPage']);
    fireEvent.click(present(within(terms).getAllByRole('button', { name: messages.close }).at(-1)));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Terms & Conditions' })).toBeNull();
    });

    fireEvent.click(within(opened.dialog).getByRole('link', { name: messages.privacyLink }));
    const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(within(privacy).getByText('Your sightings.')).toBeTruthy();
    fireEvent.keyDown(privacy, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Privacy Policy' })).toBeNull();
    });

    const dialog = screen.getByRole('dialog', { name: messages.registerTitle });
    const value = (label: string) => within(dialog).getByLabelText<HTMLInputElement>(label).value;
    expect(value(messages.fieldName)).toBe('Jenny Wren');
    expect(value(messages.fieldNickname)).toBe('wren');
    expect(value(messages.fieldEmail).trim()).toBe('Jenny@Example.org');
    expect(value(messages.fieldPassword)).toBe('Feathers12');
    expect(value(messages.fieldConfirmPassword)).toBe('Feathers12');
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: messages.termsLabel }).checked,
    ).toBe(true);
    expect(opened.store.getState().ui.modals.map((modal) => modal.name)).toEqual(['register']);
  });

  it('asks for the terms first, even with every field empty', async () => {
    const opened = await openRegister();
    opened.submit();
    await expectWarning(opened, messages.registerTermsRequired);
  });

  it('then asks for the name, nickname, email and password', async () => {
    const opened = await openRegister();
    fillValid(opened);
    opened.type(messages.fieldNickname, '  ');
    opened.submit();
    await expectWarning(opened, messages.registerFieldsRequired);
  });

  it('then asks for equal passwords', async () => {
    const opened = await openRegister();
    fillValid(opened);
    opened.type(messages.fieldConfirmPassword, 'Feathers13');
    opened.submit();
    await expectWarning(opened, messages.passwordsDiffer);
  });

  it('then applies the medium rule', async () => {
    const opened = await openRegister();
    fillValid(opened);
    opened.type(messages.fieldPassword, 'feathers');
    opened.type(messages.fieldConfirmPassword, 'feathers');
    opened.submit();
    await expectWarning(opened, messages.passwordTooWeak);
  });

  it('rates the password as it is typed: primary when empty, then danger, warning, success', async () => {
    const { dialog, type } = await openRegister();
    const meter = () => within(dialog).getByRole('progressbar');
    expect(meter().getAttribute('aria-valuetext')).toBe(messages.strengthEmpty);
    expect(meter().className).toContain('colorPrimary');
    const steps = [
      ['abc', messages.strengthWeak, 'colorError'],
      ['abcdefg1', messages.strengthMedium, 'colorWarning'],
      ['Abcdefg1!', messages.strengthStrong, 'colorSuccess'],
    ] as const;
    for (const [password, word, colour] of steps) {
      type(messages.fieldPassword, password);
      expect(meter().getAttribute('aria-valuetext')).toBe(word);
      expect(meter().className).toContain(colour);
    }
    expect(
      within(dialog).getByText(
        formatMessage(messages.passwordStrength, { strength: messages.strengthStrong }),
      ),
    ).toBeTruthy();
  });

  it('creates the account with the spec fields, signs the member in and closes', async () => {
    const opened = await openRegister();
    const answer = aLoginResponse({ nickname: 'wren', user_id: 'u-2' });
    opened.network.on('POST', 'register', { body: answer });
    fillValid(opened);
    opened.submit();

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(opened.network.sent.find((request) => request.path === 'register')?.body).toEqual({
      firstname: 'Jenny Wren',
      nickname: 'wren',
      username: 'jenny@example.org',
      password: 'Feathers12',
      newsletter_subscribed: true,
      terms_accepted: true,
    });
    expect(opened.store.getState().session.user).toMatchObject({
      user_id: 'u-2',
      username: 'jenny@example.org',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      formatMessage(messages.accountCreated, { product: product.name, nickname: 'wren' }),
    );
  });

  it('sends the newsletter choice when the member unticks it', async () => {
    const opened = await openRegister();
    opened.network.on('POST', 'register', {
      status: 409,
      body: { status: 'failed', reason: messages.emailTaken },
    });
    fillValid(opened);
    fireEvent.click(
      within(opened.dialog).getByRole('checkbox', {
        name: formatMessage(messages.newsletterLabel, { product: product.name }),
      }),
    );
    opened.submit();

    await waitFor(() => {
      expect(apiCalls(opened.network)).toContain('POST register');
    });
    expect(opened.network.sent.find((request) => request.path === 'register')?.body).toMatchObject({
      newsletter_subscribed: false,
    });
    // A refusal is the server's reason as a centred 5 s warning; the form stays.
    expect((await screen.findByRole('alert')).textContent).toBe(messages.emailTaken);
    expect(opened.store.getState().ui.toast).toMatchObject({ position: 'middle', durationMs: 5000 });
    expect(screen.getByRole('dialog', { name: messages.registerTitle })).toBeTruthy();
  });

  it('announces the confirmation email when the server wants the address verified first', async () => {
    const opened = await openRegister();
    opened.network.on('POST', 'register', {
      status: 202,
      body: { status: 'success', email_verification_required: true, user_id: 'u-3', nickname: 'wren' },
    });
    fillValid(opened);
    opened.submit();

    expect((await screen.findByRole('alert')).textContent).toContain(messages.confirmEmailTitle);
    expect(opened.store.getState().session.user).toBeNull();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('in its social variant shows only the terms and a way to register by email', async () => {
    const app = renderApp(null);
    act(() => {
      app.store.dispatch(
        uiActions.modalOpened({
          name: 'register',
          props: { social: { provider: 'google', idToken: 'id.token.value' } },
        }),
      );
    });
    const dialog = await screen.findByRole('dialog', { name: messages.registerTitle });
    expect(within(dialog).queryByLabelText(messages.fieldEmail)).toBeNull();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: messages.registerViaEmail }));
    expect(within(dialog).getByLabelText(messages.fieldEmail)).toBeTruthy();
  });
});
