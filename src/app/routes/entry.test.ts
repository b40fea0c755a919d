import { describe, expect, it } from 'vitest';
import { DEEP_LINK_HOME_PATH, entryRedirect, INSTALLED_HOME_PATH, type EntryHints } from './entry';

const origin = 'https://fieldmark.app';
const appId = 'app.fieldmark.twa';
const hints = (overrides: Partial<EntryHints>): EntryHints => ({
  isInstalled: true,
  isFirstLocation: true,
  referrer: '',
  origin,
  appId,
  ...overrides,
});

describe("where '' leads (SPEC §2)", () => {
  it('shows the welcome page in a browser tab, wherever the visitor came from', () => {
    expect(entryRedirect(hints({ isInstalled: false }))).toBeNull();
    expect(entryRedirect(hints({ isInstalled: false, referrer: 'https://example.org/' }))).toBeNull();
  });

  it('opens the menu when the installed app is launched (no referrer, or the TWA itself)', () => {
    expect(entryRedirect(hints({}))).toBe(INSTALLED_HOME_PATH);
    expect(entryRedirect(hints({ referrer: `android-app://${appId}/` }))).toBe(INSTALLED_HOME_PATH);
  });

  it('opens the newsfeed when a deep link to / comes from another app or site', () => {
    expect(entryRedirect(hints({ referrer: 'android-app://com.google.android.gm/' }))).toBe(
      DEEP_LINK_HOME_PATH,
    );
    expect(entryRedirect(hints({ referrer: 'https://example.org/post' }))).toBe(DEEP_LINK_HOME_PATH);
    expect(DEEP_LINK_HOME_PATH).toBe('/home/newsfeed');
  });

  it("opens the menu for our own pages and for later visits to '' inside the app", () => {
    expect(entryRedirect(hints({ referrer: `${origin}/species` }))).toBe(INSTALLED_HOME_PATH);
    expect(entryRedirect(hints({ referrer: origin }))).toBe(INSTALLED_HOME_PATH);
    expect(entryRedirect(hints({ isFirstLocation: false, referrer: 'https://example.org/' }))).toBe('/menu');
  });
});
