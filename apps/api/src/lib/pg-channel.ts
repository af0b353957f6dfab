import type { Database } from '@storefront/db/client';

/**
 * One PostgreSQL notification channel heard by this process: each API process LISTENs once per channel
 * and hands every payload to its own subscribers. PostgreSQL delivers NOTIFY to every process sharing
 * the database, and PGlite delivers it in-process, so one mechanism serves both.
 */

type Listener<T> = (notice: T) => void;

interface PgPoolLike {
  connect(): Promise<PgClientLike>;
}
interface PgClientLike {
  query(text: string): Promise<unknown>;
  on(event: 'notification', cb: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error', cb: (error: Error) => void): void;
  release(error?: Error | boolean): void;
}
interface PgliteLike {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}

const RECONNECT_MS = 1000;

export class PgChannel<T> {
  private readonly listeners = new Set<Listener<T>>();
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly channel: string,
  ) {}

  /** Calls `listener` for every notification until the returned function is called. */
  async subscribe(listener: Listener<T>): Promise<() => void> {
    this.listeners.add(listener);
    await this.start();
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(payload: string | undefined) {
    if (!payload) return;
    const notice = JSON.parse(payload) as T;
    for (const listener of this.listeners) listener(notice);
  }

  private start(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.starting ??= this.listen().catch((error) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: PgPoolLike | PgliteLike }).$client;
    if ('listen' in client) {
      this.stop = await client.listen(this.channel, (payload) => this.emit(payload));
      return;
    }
    // A dedicated pool connection holds the LISTEN; if it drops, listen again on a new one.
    const connection = await client.connect();
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      connection.release(error ?? true);
    };
    connection.on('notification', (message) => {
      if (message.channel === this.channel) this.emit(message.payload);
    });
    connection.on('error', (error) => {
      release(error);
      this.stop = null;
      this.starting = null;
      if (!this.closed) setTimeout(() => this.start().catch(() => {}), RECONNECT_MS).unref();
    });
    await connection.query(`LISTEN ${this.channel}`);
    this.stop = async () => {
      await connection.query(`UNLISTEN ${this.channel}`).catch(() => {});
      release();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.starting?.catch(() => {});
    await this.stop?.();
    this.stop = null;
  }
}
