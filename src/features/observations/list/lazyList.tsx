/**
 * The sightings list as other domains embed it (the trip page), lazy for the same reason as
 * ../lazyParts.tsx: the router imports this domain's index, and every module the index names
 * would otherwise land in the first route with Dexie and the virtualiser. It renders nothing until
 * loaded (the list then shows its own progress while its live query reads).
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const OwnSightingListPart = lazy(async () => ({
  default: (await import('./OwnSightingList')).OwnSightingList,
}));

export function OwnSightingList(props: ComponentProps<typeof OwnSightingListPart>) {
  return (
    <Suspense fallback={null}>
      <OwnSightingListPart {...props} />
    </Suspense>
  );
}
