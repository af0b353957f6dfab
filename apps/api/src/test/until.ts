/**
 * Waits until `check` holds: the event itself (a NOTIFY heard by another process...), with no deadline
 * of its own, so that a loaded machine cannot fail it; the test's timeout bounds the wait.
 */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
}
