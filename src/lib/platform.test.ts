import { describe, expect, it } from 'vitest';
import { detectChannel, IOS_SHELL_USER_AGENT_TOKEN, isInstalledApp, isIos } from './platform';

const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const macSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const iphoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';

describe('isIos', () => {
  it('recognises Safari on an iPhone', () => {
    expect(isIos({ userAgent: iphoneSafari, maxTouchPoints: 5 })).toBe(true);
  });

  it('recognises another browser on an iPhone (they all run WebKit)', () => {
    expect(isIos({ userAgent: iphoneChrome, maxTouchPoints: 5 })).toBe(true);
  });

  it('recognises iPadOS, which reports a Mac user agent but has touch', () => {
    expect(isIos({ userAgent: macSafari, maxTouchPoints: 5 })).toBe(true);
  });

  it('does not take a Mac for iOS', () => {
    expect(isIos({ userAgent: macSafari, maxTouchPoints: 0 })).toBe(false);
  });

  it('does not take Android for iOS', () => {
    expect(isIos({ userAgent: androidChrome, maxTouchPoints: 5 })).toBe(false);
  });

  it('recognises our iOS shell by its user-agent token', () => {
    expect(isIos({ userAgent: `${macSafari} ${IOS_SHELL_USER_AGENT_TOKEN}/1.0`, maxTouchPoints: 0 })).toBe(
      true,
    );
  });
});

describe('isInstalledApp', () => {
  const tab = { userAgent: androidChrome, isStandalone: false, referrer: '' };

  it('is false in a browser tab', () => {
    expect(isInstalledApp(tab)).toBe(false);
    expect(isInstalledApp({ ...tab, referrer: 'https://example.org/' })).toBe(false);
  });

  it('is true for an installed PWA (standalone display mode)', () => {
    expect(isInstalledApp({ ...tab, isStandalone: true })).toBe(true);
  });

  it('is true in the Android Trusted Web Activity', () => {
    expect(isInstalledApp({ ...tab, referrer: 'android-app://app.fieldmark.twa/' })).toBe(true);
  });

  it('is true in the iOS shell', () => {
    expect(isInstalledApp({ ...tab, userAgent: `${macSafari} ${IOS_SHELL_USER_AGENT_TOKEN}/1.0` })).toBe(
      true,
    );
  });
});

describe('detectChannel', () => {
  const appId = 'app.fieldmark.twa';
  const browser = { userAgent: androidChrome, referrer: '', search: '', appId };

  it('is the browser by default, even when another Android app opened the link', () => {
    expect(detectChannel(browser)).toBe('browser');
    expect(detectChannel({ ...browser, referrer: 'android-app://com.google.android.gm/' })).toBe('browser');
    expect(detectChannel({ ...browser, userAgent: iphoneSafari })).toBe('browser');
  });

  it('is the TWA from its referrer, its launch marker, or what the tab remembered', () => {
    expect(detectChannel({ ...browser, referrer: `android-app://${appId}/` })).toBe('twa');
    expect(detectChannel({ ...browser, search: '?source=twa' })).toBe('twa');
    expect(detectChannel({ ...browser, remembered: 'twa' })).toBe('twa');
  });

  it('is the iOS shell from its user-agent token or its injected flag', () => {
    expect(
      detectChannel({ ...browser, userAgent: `${iphoneSafari} ${IOS_SHELL_USER_AGENT_TOKEN}/0.1.0` }),
    ).toBe('ios-shell');
    expect(detectChannel({ ...browser, userAgent: iphoneSafari, injected: 'ios' })).toBe('ios-shell');
    expect(detectChannel({ ...browser, userAgent: iphoneSafari, search: '?source=ios' })).toBe('browser');
  });
});
