/**
 * The start-up side of the config (SPEC §2 "Startup", §4 "Initial config"), kept tiny because it
 * is part of the first route: it decides whether the initial location set-up runs and only then
 * loads it (initialConfig.ts and its lookups come as their own chunk).
 *
 * It runs right after the first render instead of before it: asking for the device position can
 * wait on a permission prompt and take seconds, and nothing on screen needs the location to
 * appear. The result is stored as the config when it arrives.
 */
import type { AppThunkDispatch } from '../../app/thunk';
import type { RootState } from '../../app/reducer';

/**
 * Web paths that never ask for a location at start-up: the welcome page and the shop flow. The
 * installed app (SPEC "mobile") has no welcome page ('' goes to /menu) and skips none.
 */
export function skipsInitialLocation(pathname: string, isInstalledApp: boolean): boolean {
  if (isInstalledApp) return false;
  return ['/', '/cart', '/checkout', '/payment'].includes(pathname) || pathname.includes('/fulfilment/');
}

/** Starts the initial config when no config is stored and the path allows it; never throws. */
export function startInitialConfig(
  store: { getState: () => RootState; dispatch: AppThunkDispatch },
  pathname: string,
  isInstalledApp: boolean,
): void {
  if (store.getState().config.isStored || skipsInitialLocation(pathname, isInstalledApp)) return;
  import('./initialConfig')
    .then(({ setUpInitialConfig }) => store.dispatch(setUpInitialConfig()))
    .catch((error: unknown) => {
      console.error('Initial config failed', error);
    });
}
