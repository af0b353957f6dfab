import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../app.ts';
import type { TenantApp } from '../modules/apps/apps.repository.ts';
import { adminSiteUrl, checkRequestHost, isValidHost, publicOrigin } from './public-origin.ts';

// The link builder's rules one by one, on requests shaped as Fastify hands them over (public-origin.test.ts
// proves the same through mailed links on a running app).

interface Shape {
  host?: string;
  forwardedHost?: string;
  proto?: string | string[];
  hostname?: string;
  port?: number | null;
  config?: Partial<AppConfig>;
  matchedDomain?: string | null;
}

function request(shape: Shape): FastifyRequest {
  const headers: Record<string, unknown> = {};
  if (shape.host !== undefined) headers.host = shape.host;
  if (shape.proto !== undefined) headers['x-forwarded-proto'] = shape.proto;
  return {
    headers,
    host: shape.forwardedHost ?? shape.host ?? '',
    hostname: shape.hostname ?? '',
    port: shape.port ?? null,
    server: { config: { production: false, ...shape.config } },
    tenant: shape.matchedDomain === null ? null : ({ matchedDomain: shape.matchedDomain } as TenantApp),
  } as unknown as FastifyRequest;
}

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'passed';
};

describe('isValidHost', () => {
  it('takes names, IPv4 and bracketed IPv6, with or without a port from 1 to 65535', () => {
    for (const host of [
      'localhost',
      'LocalHost:8080',
      'shop.example.com',
      'shop.example.com.',
      '_dmarc.example',
      'a',
      'a-b.c',
      '127.0.0.1:80',
      '[::1]',
      '[::1]:8443',
      'localhost:1',
      'localhost:65535',
    ])
      expect(isValidHost(host), host).toBe(true);
  });

  it('refuses bad ports, userinfo, broken labels and addresses', () => {
    for (const host of [
      '',
      ':8080',
      '.',
      'localhost:0',
      'localhost:65536',
      'localhost:99999',
      'localhost:123456',
      'localhost:',
      'localhost:@evil.example',
      'evil.example@localhost',
      '-shop.example',
      'shop-.example',
      'shop..example',
      'sh op.example',
      '1.2.3.4.5',
      '[::1',
      '::1',
      '[zz::1]',
      '[::1]x',
    ])
      expect(isValidHost(host), host).toBe(false);
  });

  it('takes labels up to 63 characters and names up to 253', () => {
    const label = (n: number) => 'a'.repeat(n);
    expect(isValidHost(`${label(63)}.example`)).toBe(true);
    expect(isValidHost(`${label(64)}.example`)).toBe(false);
    const name253 = [label(63), label(63), label(63), label(61)].join('.');
    expect(name253).toHaveLength(253);
    expect(isValidHost(name253)).toBe(true);
    expect(isValidHost(`${name253}.`)).toBe(true);
    expect(isValidHost(`${name253}a`)).toBe(false);
  });
});

describe('checkRequestHost', () => {
  it('passes a well-formed Host, and no Host at all', () => {
    expect(codeOf(() => checkRequestHost(request({ host: 'localhost:8080' })))).toBe('passed');
    expect(codeOf(() => checkRequestHost(request({})))).toBe('passed');
  });

  it('refuses a malformed Host with INVALID_HOST', () => {
    expect(codeOf(() => checkRequestHost(request({ host: 'evil.example@localhost' })))).toBe('INVALID_HOST');
    expect(codeOf(() => checkRequestHost(request({ host: 'localhost:0' })))).toBe('INVALID_HOST');
  });

  it('checks the host a trusted proxy forwarded as well', () => {
    const forwarded = (forwardedHost: string) => request({ host: 'app:8080', forwardedHost });
    expect(codeOf(() => checkRequestHost(forwarded('shop.example:8443')))).toBe('passed');
    expect(codeOf(() => checkRequestHost(forwarded('shop.example:70000')))).toBe('INVALID_HOST');
    expect(codeOf(() => checkRequestHost(forwarded('a b')))).toBe('INVALID_HOST');
  });

  it('takes X-Forwarded-Proto lists of http and https only', () => {
    for (const proto of ['http', 'https', 'HTTPS', ' https ', 'https, http', 'http,https', ['https', 'http']])
      expect(
        codeOf(() => checkRequestHost(request({ host: 'localhost', proto }))),
        String(proto),
      ).toBe('passed');
    for (const proto of ['', 'ftp', 'javascript', 'https, javascript', 'https,', 'xhttps', 'httpsx', 'a b'])
      expect(
        codeOf(() => checkRequestHost(request({ host: 'localhost', proto }))),
        proto,
      ).toBe('INVALID_HOST');
  });
});

describe('adminSiteUrl', () => {
  const admin = (config: Partial<AppConfig>, port: number | null = 8080) =>
    adminSiteUrl(request({ config, port }));

  it('is https on a real name, and always in production', () => {
    expect(admin({ ADMIN_HOST: 'admin.shop.example' })).toBe('https://admin.shop.example/');
    expect(admin({ ADMIN_HOST: 'admin.localhost', production: true })).toBe('https://admin.localhost/');
    expect(admin({ production: true })).toBe('https://admin.localhost/');
  });

  it('is http with the request port on a loopback name in development', () => {
    expect(admin({})).toBe('http://admin.localhost:8080/');
    expect(admin({ ADMIN_HOST: 'admin.localhost' }, null)).toBe('http://admin.localhost/');
    expect(admin({ ADMIN_HOST: 'admin.localhost' }, 80)).toBe('http://admin.localhost/');
    expect(admin({ ADMIN_HOST: 'localhost' })).toBe('http://localhost:8080/');
    expect(admin({ ADMIN_HOST: '127.0.0.1' })).toBe('http://127.0.0.1:8080/');
    expect(admin({ ADMIN_HOST: '[::1]' })).toBe('http://[::1]:8080/');
    expect(admin({ ADMIN_HOST: 'localhost.example' })).toBe('https://localhost.example/');
    expect(admin({ ADMIN_HOST: 'xlocalhost' })).toBe('https://xlocalhost/');
  });
});

describe('publicOrigin', () => {
  it('is PUBLIC_URL origin when set, whatever the tenant', () => {
    const r = request({ config: { PUBLIC_URL: 'https://shop.example:8443/base/' }, matchedDomain: null });
    expect(publicOrigin(r)).toBe('https://shop.example:8443');
  });

  it('needs a tenant with a matched domain otherwise', () => {
    expect(codeOf(() => publicOrigin(request({ matchedDomain: null })))).toBe('APP_NOT_FOUND');
    expect(codeOf(() => publicOrigin(request({ matchedDomain: '' })))).toBe('APP_NOT_FOUND');
  });

  it('is https on the registered domain outside loopback development, with no port', () => {
    const real = request({ matchedDomain: 'shop.example', hostname: 'shop.example', port: 8443 });
    expect(publicOrigin(real)).toBe('https://shop.example');
    const production = request({
      matchedDomain: 'localhost',
      hostname: 'localhost',
      port: 8080,
      config: { production: true },
    });
    expect(publicOrigin(production)).toBe('https://localhost');
  });

  it('keeps the port in development when the request came by that domain or the admin loopback name', () => {
    const dev = (hostname: string, extra: Shape = {}) =>
      publicOrigin(request({ matchedDomain: 'localhost', hostname, port: 8080, ...extra }));
    expect(dev('localhost')).toBe('http://localhost:8080');
    expect(dev('WWW.LocalHost.')).toBe('http://localhost:8080');
    expect(dev('admin.localhost')).toBe('http://localhost:8080');
    expect(dev('localhost', { port: 80 })).toBe('http://localhost');
    expect(dev('localhost', { port: null })).toBe('http://localhost');
    expect(dev('other.localhost')).toBe('http://localhost');
    expect(dev('shop.example')).toBe('http://localhost');
    expect(dev('back.localhost', { config: { ADMIN_HOST: 'back.localhost' } })).toBe('http://localhost:8080');
    expect(dev('admin.localhost', { config: { ADMIN_HOST: 'back.localhost' } })).toBe('http://localhost');
    // An ADMIN_HOST that is no loopback name never lends its port.
    expect(dev('admin.example', { config: { ADMIN_HOST: 'admin.example' } })).toBe('http://localhost');
  });

  it('serves every loopback spelling over http', () => {
    const origin = (matchedDomain: string, hostname: string) =>
      publicOrigin(request({ matchedDomain, hostname, port: 8080 }));
    expect(origin('shop.localhost', 'shop.localhost')).toBe('http://shop.localhost:8080');
    expect(origin('127.0.0.1', '127.0.0.1')).toBe('http://127.0.0.1:8080');
    expect(origin('[::1]', '[::1]')).toBe('http://[::1]:8080');
  });

  it('uses the app it is given over the request tenant', () => {
    const r = request({ matchedDomain: 'shop.example', hostname: 'localhost', port: 8080 });
    expect(publicOrigin(r, { matchedDomain: 'localhost' } as TenantApp)).toBe('http://localhost:8080');
  });
});
