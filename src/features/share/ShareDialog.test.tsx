// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { uiActions } from '../../app/uiSlice';
import { renderApp } from '../../test/renderApp';
import { present } from '../../test/present';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openShare() {
  const app = renderApp(null);
  act(() => {
    app.store.dispatch(uiActions.modalOpened({ name: 'share', props: {} }));
  });
  const dialog = await screen.findByRole('dialog', { name: messages.shareTitle });
  return { ...app, dialog };
}

describe('Share with Friends', () => {
  it('shows a QR code of the get-the-app link, named by the link', async () => {
    const { dialog } = await openShare();
    const link = `${window.location.origin}/`;
    const qr = await within(dialog).findByRole('img', { name: formatMessage(messages.shareQrAlt, { link }) });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(present(qr.getAttribute('src')))).toContain('<svg');
    expect(within(dialog).getByText(link)).toBeTruthy();
  });

  it('copies the link where there is no share sheet, and says so', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { share: undefined, clipboard: { writeText } });
    const { dialog } = await openShare();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.copyLink }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', messages.linkCopied);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/`);
  });

  it('opens the share sheet with Share via Social where there is one', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { share, canShare: () => true });
    const { dialog } = await openShare();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.shareViaSocial }));
    await waitFor(() => {
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Fieldmark', url: `${window.location.origin}/` }),
      );
    });
  });

  it('closes with the back arrow', async () => {
    const { dialog } = await openShare();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.back }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: messages.shareTitle })).toBeNull();
    });
  });
});
