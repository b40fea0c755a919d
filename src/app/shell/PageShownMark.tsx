import { useEffect } from 'react';
import { markPageShown } from '../pageShown';

/**
 * Rendered beside the routed page inside its Suspense boundary, so its effect runs only once the
 * page itself has committed, not its fallback; the next frame's timer comes after that paint.
 */
export function PageShownMark() {
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(markPageShown, 0));
    return () => {
      cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
