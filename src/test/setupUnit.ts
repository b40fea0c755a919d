/**
 * Set-up of every unit test file. Testing Library's find* and waitFor give up after 1 s by default;
 * a page's first render imports its lazy chunk cold, which took seconds on a loaded 2-core machine
 * (tests failed there while other suites ran, a different set each run). They wait as long as every
 * other condition wait (waits.ts); the unit project's test timeout (vitest.config.ts) leaves room
 * for a few such waits in one test.
 */
import { configure } from '@testing-library/dom';
import { ASYNC_WAIT_MS } from './waits';

configure({ asyncUtilTimeout: ASYNC_WAIT_MS });
