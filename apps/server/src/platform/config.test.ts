import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the embedded SQLite database in DATA_DIR by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/mb-data' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('sqlite:/tmp/mb-data/mediabox.sqlite');
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('splits the internal e-mail domains', () => {
    const config = loadConfig({ INTERNAL_EMAIL_DOMAINS: ' Example.com, staff.example ' });
    expect(config.internalEmailDomains).toEqual(['example.com', 'staff.example']);
  });

  it('takes TRUST_PROXY as off, a hop count (true = one proxy) or proxy addresses, never "every hop"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('reads OIDC_* together: none (no SSO), or issuer, client id and secret with defaults', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const oidc = loadConfig({
      INTERNAL_EMAIL_DOMAINS: 'staff.example',
      OIDC_ISSUER: 'https://login.staff.example/',
      OIDC_CLIENT_ID: 'mediabox',
      OIDC_CLIENT_SECRET: 'secret',
    }).oidc;
    expect(oidc).toEqual({
      issuer: 'https://login.staff.example/',
      clientId: 'mediabox',
      clientSecret: 'secret',
      label: 'SSO',
      allowedDomains: ['staff.example'],
      sessionMs: 12 * 60 * 60 * 1000,
    });
    const custom = loadConfig({
      OIDC_ISSUER: 'https://login.staff.example/',
      OIDC_CLIENT_ID: 'mediabox',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_LABEL: 'Entra ID',
      OIDC_ALLOWED_DOMAINS: 'A.example, b.example',
      OIDC_SESSION_HOURS: '2',
    }).oidc;
    expect(custom).toMatchObject({
      label: 'Entra ID',
      allowedDomains: ['a.example', 'b.example'],
      sessionMs: 7_200_000,
    });
  });

  it('stops the start with the missing or wrong OIDC_* variable named', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example/' })).toThrow(
      /OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: required/,
    );
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' }),
    ).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ OIDC_LABEL: 'Okta' })).toThrow(/OIDC_LABEL: needs OIDC_ISSUER/);
    expect(() =>
      loadConfig({
        OIDC_ISSUER: 'https://l.example/',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 'y',
        OIDC_SESSION_HOURS: '0',
      }),
    ).toThrow(/OIDC_SESSION_HOURS/);
  });
});
