// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { currentChannel, IOS_SHELL_GLOBAL } from './platform';

const appId = 'app.fieldmark.twa';

afterEach(() => {
  sessionStorage.clear();
  Reflect.deleteProperty(window, IOS_SHELL_GLOBAL);
  window.history.replaceState(null, '', '/');
});

describe('currentChannel in a page', () => {
  it('is the browser in a plain tab', () => {
    expect(currentChannel(appId)).toBe('browser');
  });

  it('keeps the TWA for the later loads of the tab, which lose the launch marker', () => {
    window.history.replaceState(null, '', '/?source=twa');
    expect(currentChannel(appId)).toBe('twa');
    window.history.replaceState(null, '', '/menu');
    expect(currentChannel(appId)).toBe('twa');
  });

  it('is the iOS shell when the shell injected its flag', () => {
    (window as unknown as Record<string, unknown>)[IOS_SHELL_GLOBAL] = 'ios';
    expect(currentChannel(appId)).toBe('ios-shell');
  });
});
