/**
 * The recording pieces other pages embed (the species page's Quick Record button and the member's
 * sightings of the species), lazy: the router imports this domain's index for its routes, and the
 * bundler keeps every module the index names in the first route, so the index names only these
 * wrappers. Each loads with the page that shows it and renders nothing until then.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const QuickRecordButtonPart = lazy(async () => ({
  default: (await import('./QuickRecordButton')).QuickRecordButton,
}));
const SpeciesSightingsPart = lazy(async () => ({
  default: (await import('./SpeciesSightings')).SpeciesSightings,
}));

export function QuickRecordButton(props: ComponentProps<typeof QuickRecordButtonPart>) {
  return (
    <Suspense fallback={null}>
      <QuickRecordButtonPart {...props} />
    </Suspense>
  );
}

export function SpeciesSightings(props: ComponentProps<typeof SpeciesSightingsPart>) {
  return (
    <Suspense fallback={null}>
      <SpeciesSightingsPart {...props} />
    </Suspense>
  );
}
