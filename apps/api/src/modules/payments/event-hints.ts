import type { PaymentProviderName } from '@storefront/contracts/payments';
import type { Database } from '@storefront/db/client';
import type { FastifyBaseLogger } from 'fastify';

// Provider events are answered as soon as they are checked, and read back afterwards (decision 026):
// Culqi and Mercado Pago ask for a quick 2xx and retry otherwise. The hints live in this process only;
// after a crash the periodic reconciliation settles what a lost hint would have.

/** Charges waiting for a read at once, beyond which a hint is dropped (the reconciliation has it). */
export const MAX_HINTS = 1000;
/**
 * The pause before reading a charge again for the hints that came during its read: a burst of
 * duplicates then costs a few reads a second, not one after another.
 */
export const REREAD_PAUSE_MS = 250;

/**
 * One read back at a time per charge: hints that arrive while it runs ask for one more read after it
 * and a short pause (the provider's later state), never more, so a burst of duplicates costs two reads.
 */
type Read = (companyUid: string, provider: PaymentProviderName, chargeId: string) => Promise<void>;

export class EventHints {
  /** Charge key → whether another read was asked while this one runs. */
  private readonly running = new Map<string, boolean>();
  private readonly drains = new Set<Promise<void>>();

  constructor(
    private readonly read: Read,
    private readonly log: FastifyBaseLogger,
  ) {}

  hint(companyUid: string, provider: PaymentProviderName, chargeId: string): void {
    const key = `${companyUid}\n${provider}\n${chargeId}`;
    if (this.running.has(key)) {
      this.running.set(key, true);
      return;
    }
    if (this.running.size >= MAX_HINTS) {
      this.log.warn({ company: companyUid }, 'too many payment events waiting; left to the reconciliation');
      return;
    }
    this.running.set(key, false);
    const drain = this.drain(key, companyUid, provider, chargeId).finally(() => this.drains.delete(drain));
    this.drains.add(drain);
  }

  private async drain(key: string, companyUid: string, provider: PaymentProviderName, chargeId: string) {
    // After the answer has gone out.
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      this.running.set(key, false);
      await this.read(companyUid, provider, chargeId).catch((error: Error) =>
        this.log.warn({ company: companyUid, err: error.message }, 'payment event read back failed'),
      );
      if (!this.running.get(key)) break;
      await new Promise((resolve) => setTimeout(resolve, REREAD_PAUSE_MS));
    }
    this.running.delete(key);
  }

  /** Resolves once every hint given so far has been read back (closing the server, tests). */
  async idle(): Promise<void> {
    while (this.drains.size > 0) await Promise.all(this.drains);
  }
}

const byDatabase = new WeakMap<Database, EventHints>();

/** The event hints of an app, found again by its database (tests wait on them). */
export function eventHints(db: Database, read: Read, log: FastifyBaseLogger): EventHints {
  const hints = new EventHints(read, log);
  byDatabase.set(db, hints);
  return hints;
}

/** Resolves once the events answered so far on this database have been read back and applied. */
export function eventsProcessed(db: Database): Promise<void> {
  return byDatabase.get(db)?.idle() ?? Promise.resolve();
}
