import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { openDatabase } from '@storefront/db/client';
import { DataDirLockedError, lockDataDir } from '@storefront/db/data-dir-lock';
import { apps } from '@storefront/db/schema/tenancy';
import { importTenantFile } from '@storefront/db/tenant-import';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, exposureWarning, loadConfig } from './config.ts';
import { deleteIdempotencyKeysBefore } from './lib/idempotency.repository.ts';
import { every } from './lib/periodic.ts';
import { expireDue } from './modules/loyalty/ledger.service.ts';
import { smtpOrLogDelivery, startMailWorker } from './modules/mail/mail.service.ts';
import { reconcilePayments } from './modules/payments/payments.reconcile.ts';
import { anyProviderSet } from './modules/payments/payments.repository.ts';
import { startPushWorker, webPushSender } from './modules/push/push.service.ts';
import { pushAgent } from './modules/push/push-endpoints.ts';
import { startReceiptsWorker } from './modules/receipts/receipts-outbox.service.ts';

const MINUTE_MS = 60 * 1000;
/** Idempotency keys are kept 48 h (issue 5 asks for at least 24 h), then deleted. */
const IDEMPOTENCY_KEY_TTL_MS = 48 * 60 * MINUTE_MS;

/**
 * `server.js --seed-demo` migrates the embedded database, imports the demo into it and exits. A first
 * start on a fresh data folder runs it as a child process and then opens the seeded folder: PGlite's
 * WebAssembly memory never shrinks, and an import in the server's own process left it 60 to 80 MB
 * larger for good (issue 31: 265 MB idle after the first start, 194 MB this way).
 */
const SEED_FLAG = '--seed-demo';

function seedInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1] ?? '', SEED_FLAG], {
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Loading the demo data failed (exit code ${code}).`)),
    );
  });
}

async function main() {
  const config = loadConfig();
  const seeding = process.argv.includes(SEED_FLAG);
  // The seeding child serves nothing; its parent warns.
  const warning = seeding ? null : exposureWarning(config);
  if (warning) console.warn(warning);
  const { database } = config;
  const dataDir = ('dataDir' in database && database.dataDir) || null;
  // Read before the lock's files are written into the folder.
  const freshDataDir = !!dataDir && (!existsSync(dataDir) || readdirSync(dataDir).length === 0);
  // The seeding child works under its parent's lock.
  const unlock =
    dataDir && !seeding
      ? await lockDataDir(dataDir, {
          // Another server may be writing the folder now: stop before this one writes anything more.
          onLost: (error) => {
            console.error(`Lost the lock on the data folder ${dataDir}: ${error.message}`);
            process.exit(1);
          },
        })
      : async () => {};
  if (freshDataDir && !seeding && !config.production) await seedInChildProcess();
  const handle = await openDatabase(database);
  if (config.production && !config.SECRETS_KEY && (await anyProviderSet(handle.db))) {
    await handle.close();
    await unlock();
    throw new ConfigError(
      'SECRETS_KEY is not set, and a company has a payment provider whose secrets are encrypted with it. ' +
        'Set SECRETS_KEY (32 bytes, as 64 hex digits or base64) to the key they were saved with.',
    );
  }

  // A fresh database gets the demo shop, but never in production (architecture §7).
  if (!config.production && (await handle.db.select({ uid: apps.uid }).from(apps).limit(1)).length === 0) {
    const summary = await importTenantFile(handle.db, JSON.parse(readFileSync(config.DEMO_FILE, 'utf8')), {
      includeDemoUsers: true,
    });
    console.log(`Loaded the demo data: app(s) ${summary.apps.join(', ')}, ${summary.users} user(s).`);
  }
  if (seeding) {
    await handle.close();
    return;
  }

  const app = await buildApp({
    config,
    db: handle.db,
    logger: { level: config.LOG_LEVEL, stream: logDestination() },
  });

  const stopMailWorker = startMailWorker(
    handle.db,
    smtpOrLogDelivery(config.SMTP_URL, config.MAIL_FROM, app.log),
    app.log,
  );
  // The VAPID keys are made on the first start (kept in the database when not configured).
  const allowLoopback = !config.production && config.PUSH_ALLOW_LOOPBACK === true;
  const stopPushWorker = startPushWorker(
    handle.db,
    webPushSender(await app.vapid(), pushAgent(allowLoopback)),
    app.log,
  );
  // Receipts are sent only where SUNAT's service (or a fake) is configured; otherwise they wait PENDING.
  const { SUNAT_BILL_SERVICE_URL: sunatUrl } = config;
  const stopReceiptsWorker = sunatUrl
    ? startReceiptsWorker(handle.db, config, sunatUrl, app.log)
    : async () => {};
  // Expired coins and points; each member is expired under its row lock, so concurrent passes of
  // several API processes never expire a credit twice.
  const stopExpiry = every('loyalty-expiry', 15 * MINUTE_MS, () => expireDue(handle.db), app.log);
  const stopKeyPruning = every(
    'idempotency-key-pruning',
    60 * MINUTE_MS,
    () => deleteIdempotencyKeysBefore(handle.db, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)),
    app.log,
  );

  // Online payments left pending, expired, charged late or refunds to try again (architecture §10).
  const stopPayments = every(
    'payments-reconciliation',
    MINUTE_MS,
    () => reconcilePayments({ db: handle.db, config, log: app.log }),
    app.log,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing the database`);
    try {
      // The mail and push workers, the periodic jobs and the app's timers (rate-limit pruning) stop before the
      // database closes.
      await Promise.all([
        stopMailWorker(),
        stopPushWorker(),
        stopReceiptsWorker(),
        stopExpiry(),
        stopKeyPruning(),
        stopPayments(),
      ]);
      await app.close();
      await handle.close();
    } finally {
      await unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Storefront and API on http://localhost:${config.PORT}/ (${handle.kind})`);
}

/**
 * The log goes to stdout in blocks of 4 KiB (or once a second, whichever comes first), written on the
 * event loop: pino's default writes every line on its own through libuv's thread pool, and at the
 * front door's rate (20,000 answers a second) those writes and their wake-ups cost 8% of its throughput
 * (issue 31). What is left is written when the process exits; one killed outright loses at most the
 * last block.
 */
function logDestination() {
  const destination = pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 1000 });
  // pino flushes only its asynchronous destinations at exit.
  process.once('exit', () => destination.flushSync());
  return destination;
}

main().catch((error) => {
  console.error(error instanceof DataDirLockedError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
