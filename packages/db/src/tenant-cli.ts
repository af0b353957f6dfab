import { readFileSync } from 'node:fs';
import { openDatabase } from './client.ts';
import { loadDatabaseConfig } from './config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { importTenantFile, TenantFileError } from './tenant-import.ts';

// npm run tenant -- import FILE.json   (docs/tenant-file.md)
const [command, file] = process.argv.slice(2);
if (command !== 'import' || !file) {
  console.error('Usage: npm run tenant -- import FILE.json');
  process.exit(2);
}

const config = loadDatabaseConfig(process.env);
let unlock: (() => Promise<void>) | undefined;
try {
  const input: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if ('dataDir' in config && config.dataDir) unlock = await lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    const summary = await importTenantFile(database.db, input, {
      includeDemoUsers: process.env.NODE_ENV !== 'production',
    });
    console.log(`Imported app(s) ${summary.apps.join(', ')} with ${summary.users} user(s).`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof TenantFileError || error instanceof SyntaxError ? error.message : error);
  process.exitCode = 1;
} finally {
  await unlock?.();
}
