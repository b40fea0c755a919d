/**
 * Renders a route's page only when its guard allows it (SPEC §5 "Page guard"). A refused visitor
 * gets the spec's message as a warning toast and never sees the page: a navigation from inside the
 * app is undone (back to the page they came from, like a guard cancelling the navigation), and a
 * page opened directly goes to '' instead.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import {
  Navigate,
  NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
} from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectUser } from '../sessionSlice';
import { uiActions } from '../uiSlice';
import { decideAccess, type GuardDecision } from './access';
import type { RouteEntry } from './routeTable';

/** What the modules add to the guard (src/app/featureModule.ts `guards`), merged by router.tsx. */
export interface GuardHooks {
  /**
   * Whether the signed-in member owns a logbook, as the logbooks module says from the device
   * (features/logbooks/useHasLogbook.ts); without that module the default is false and /logbooks
   * always leads to the overview (docs/routes.md).
   */
  useHasLogbook: () => boolean;
}

export const defaultGuardHooks: GuardHooks = { useHasLogbook: () => false };

export function RouteGuard({
  entry,
  guards = defaultGuardHooks,
  children,
}: {
  entry: RouteEntry;
  guards?: GuardHooks;
  children: ReactNode;
}) {
  const user = useAppSelector(selectUser);
  const params = useParams();
  // The same hook on every render: the app's guard hooks are fixed when it starts.
  const hasLogbook = guards.useHasLogbook();
  const decision = decideAccess(entry.access, { user, params, title: entry.title, hasLogbook });
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'refuse':
      return <Refused decision={decision} />;
  }
}

function Refused({ decision }: { decision: Extract<GuardDecision, { kind: 'refuse' }> }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const { key } = useLocation();
  // Once per refusal, also under StrictMode's second effect run: going back twice would overshoot.
  const handled = useRef(false);
  const { message, durationMs } = decision;

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    dispatch(uiActions.toastShown({ message, severity: 'warning', durationMs }));
    const cameFromInsideTheApp = navigationType === NavigationType.Push && key !== 'default';
    if (cameFromInsideTheApp) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [dispatch, navigate, navigationType, key, message, durationMs]);

  return null;
}
