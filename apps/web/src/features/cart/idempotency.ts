/**
 * One Idempotency-Key per checkout attempt: a retry of the same body (after a network error or a lost
 * answer) reuses the key, so the server replays its first answer instead of ordering twice; a changed
 * body is a new attempt with a new key (the same key with another body would be refused with 422).
 */
export function createAttemptKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (current?.body !== text) current = { body: text, key: newKey() };
      return current.key;
    },
    /** The attempt succeeded: the next order is a new attempt. */
    finish(): void {
      current = null;
    },
  };
}
