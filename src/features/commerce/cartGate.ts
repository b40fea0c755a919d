/**
 * One gate for the cart's server copy: while a sign-in merge (or a sign-out) is under way, nothing
 * else may send the member's cart, or a page could put the guest's lines in the member's cart just
 * before the merge adds them again (seen end to end: a doubled quantity). The listener closes the
 * gate synchronously when the session changes; senders wait for it, then send the cart as it is then.
 * Tiny and dependency-free: it is first-route JavaScript.
 */
let settled: Promise<void> = Promise.resolve();

/** Holds every sender until `work` has finished (failed or not). */
export function holdCartUntil(work: Promise<unknown>): void {
  const previous = settled;
  settled = previous
    .then(() => work)
    .then(
      () => undefined,
      () => undefined,
    );
}

/** Resolves once no merge or sign-out is changing the cart. */
export function cartSettled(): Promise<void> {
  return settled;
}
