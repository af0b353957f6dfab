import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, exposureWarning, loadConfig } from './config.ts';

describe('TRUST_PROXY and PUBLIC_URL (issue 15 items 1 and 2)', () => {
  it('trusts nobody when unset, a hop count, or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,loopback,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses anything else, naming it', () => {
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, nope' })).toThrow(/TRUST_PROXY: .*nope/);
  });

  it('takes PUBLIC_URL only as an http(s) address without credentials', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example' }).PUBLIC_URL).toBe('https://shop.example');
    for (const value of ['javascript:alert(1)', 'ftp://shop.example', 'https://user:pw@shop.example'])
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(/PUBLIC_URL/);
  });
});

describe('a development server beyond loopback (issue 15 item 5)', () => {
  it('is warned about unless it listens on loopback or runs in production', () => {
    const warn = (env: NodeJS.ProcessEnv) => exposureWarning(loadConfig(env));
    expect(warn({})).toMatch(/WARNING: a development server listening on 0\.0\.0\.0/);
    expect(warn({ HOST: '192.168.1.20', NODE_ENV: 'test' })).toMatch(/WARNING/);
    expect(warn({ HOST: '::' })).toMatch(/WARNING/);
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(warn({ HOST }), HOST).toBeNull();
    expect(warn({ HOST: '0.0.0.0', NODE_ENV: 'production' })).toBeNull();
  });

  it('prints the warning when the server starts on 0.0.0.0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'development',
        HOST: '0.0.0.0',
        PORT: '0',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'warning-test-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const warned = new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk;
        if (stderr.includes('reachable from other machines')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code} before warning: ${stderr}`)));
      setTimeout(() => reject(new Error(`no warning within 40 s: ${stderr}`)), 40_000).unref();
    });
    try {
      await warned;
      expect(stderr).toContain('WARNING: a development server listening on 0.0.0.0');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('ADMIN_HOST (issue 17)', () => {
  it('is admin.localhost by default, kept in lower case, and refuses anything but a host name', () => {
    expect(loadConfig({}).ADMIN_HOST).toBe('admin.localhost');
    expect(loadConfig({ ADMIN_HOST: 'Admin.Example.com' }).ADMIN_HOST).toBe('admin.example.com');
    for (const value of ['https://admin.example.com', 'admin.example.com:8080', 'admin/x', '.admin', 'a b'])
      expect(() => loadConfig({ ADMIN_HOST: value }), value).toThrow(/ADMIN_HOST/);
  });
});

describe('MENU_CACHE_SECONDS (issue 31)', () => {
  it('is a minute on the embedded database, its only writer, and a second on PostgreSQL unless set', () => {
    expect(loadConfig({}).MENU_CACHE_SECONDS).toBe(60);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).MENU_CACHE_SECONDS).toBe(1);
    expect(loadConfig({ MENU_CACHE_SECONDS: '0' }).MENU_CACHE_SECONDS).toBe(0);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', MENU_CACHE_SECONDS: '30' })
        .MENU_CACHE_SECONDS,
    ).toBe(30);
    expect(() => loadConfig({ MENU_CACHE_SECONDS: '-1' })).toThrow(/MENU_CACHE_SECONDS/);
  });
});
