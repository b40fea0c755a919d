import { describe, expect, it, vi } from 'vitest';
import { canUseShareSheet, getTheAppLink, shareOrCopy, type ShareData } from './shareLink';

const data: ShareData = { title: 'Fieldmark', text: 'Spot wildlife', url: 'https://fieldmark.app/' };

describe('the get-the-app link', () => {
  it('is the origin the app is served from', () => {
    expect(
      getTheAppLink({ protocol: 'https:', origin: 'https://fieldmark.app' }, 'https://fieldmark.app'),
    ).toBe('https://fieldmark.app/');
    expect(
      getTheAppLink({ protocol: 'http:', origin: 'http://127.0.0.1:4180' }, 'https://fieldmark.app'),
    ).toBe('http://127.0.0.1:4180/');
  });

  it("is the product's origin when the page is not served over http(s)", () => {
    expect(getTheAppLink({ protocol: 'file:', origin: 'null' }, 'https://fieldmark.app')).toBe(
      'https://fieldmark.app/',
    );
  });
});

describe('Share via Social', () => {
  it('opens the share sheet with the app name, text and link', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    await expect(shareOrCopy({ share, writeText }, data)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a closed share sheet as cancelled, not as a failure', async () => {
    const share = vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError')));
    const writeText = vi.fn(async () => {});
    await expect(shareOrCopy({ share, writeText }, data)).resolves.toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link where the Web Share API is missing or refuses the data', async () => {
    const writeText = vi.fn(async () => {});
    await expect(shareOrCopy({ writeText }, data)).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://fieldmark.app/');
    expect(canUseShareSheet({ share: vi.fn(), canShare: () => false }, data)).toBe(false);
    await expect(shareOrCopy({ share: vi.fn(), canShare: () => false, writeText }, data)).resolves.toBe(
      'copied',
    );
  });

  it('reports a failure when neither works', async () => {
    await expect(shareOrCopy({}, data)).resolves.toBe('failed');
    await expect(
      shareOrCopy({ writeText: async () => Promise.reject(new Error('denied')) }, data),
    ).resolves.toBe('failed');
  });
});
