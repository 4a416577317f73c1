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
});
