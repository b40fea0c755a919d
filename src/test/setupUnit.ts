/**
 * Set-up of every unit test file. Testing Library's find* and waitFor give up after 1 s by default;
 * a page's first render imports its lazy chunk cold, which took longer than that on a loaded 2-core
 * machine (SpeciesSyncPopup and SpeciesEditPage tests failed there while other suites ran). Waiting
 * longer costs nothing when the element comes sooner, and a missing one still fails.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
