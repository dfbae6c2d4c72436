import { ConfigError, loadConfig } from './loadConfig';
import { SETTING_GROUPS, SETTINGS } from '../../schema/config';

describe('configuration', () => {
  it('gathers every group whole: no setting name or variable in two groups (a spread would keep only the last)', () => {
    const names = SETTING_GROUPS.flatMap((group) => Object.keys(group.settings));
    const variables = SETTING_GROUPS.flatMap((group) => Object.values(group.settings).map((setting) => setting.env));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(variables).size).toBe(variables.length);
    expect(Object.keys(SETTINGS)).toEqual(names);
  });

  it('has safe defaults in development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      environment: 'development',
      port: 3000,
      freeTierDaily: 3,
      rateLimitPerMinute: 60,
      trialCredit: 250_000,
      discountPercent: 20,
      adminToken: 'dev-admin-token',
    });
  });

  it('listens on loopback only outside production, where outgoing requests may reach loopback; production binds as configured', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', allowLocalHttp: true });
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const production = {
      APP_ENV: 'production',
      ADMIN_TOKEN: 'x'.repeat(32),
      WEBHOOK_SIGNING_KEY: 'k'.repeat(32),
      AGENT_SESSION_SECRET: 's'.repeat(32),
      LOG_SIGNING_KEY: 'ab'.repeat(32),
      DATABASE_URL: 'postgres://db/x',
      TEMPORAL_ADDRESS: 't:7233',
    };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
  });

  it('parses numbers, booleans, lists and USD amounts, and names the variable when one is wrong', () => {
    const config = loadConfig({ PORT: '8080', MAINTENANCE_MODE: 'yes', TRUSTED_PROXIES: '10.0.0.1, 10.0.0.0/8', TRIAL_CREDIT_USD: '1.5' });
    expect(config).toMatchObject({ port: 8080, maintenanceMode: true, trustedProxies: ['10.0.0.1', '10.0.0.0/8'], trialCredit: 1_500_000 });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MAINTENANCE_MODE: 'perhaps' })).toThrow(/MAINTENANCE_MODE/);
    expect(() => loadConfig({ TRIAL_CREDIT_USD: '0.1234567' })).toThrow(/TRIAL_CREDIT_USD/);
    expect(() => loadConfig({ APP_ENV: 'staging' })).toThrow(ConfigError);
  });

  it('refuses to run production on development defaults', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/ADMIN_TOKEN/);
    expect(() => loadConfig({ APP_ENV: 'production', ADMIN_TOKEN: 'x'.repeat(32) })).toThrow(/DATABASE_URL/);
    const production = {
      APP_ENV: 'production',
      ADMIN_TOKEN: 'x'.repeat(32),
      WEBHOOK_SIGNING_KEY: 'k'.repeat(32),
      DATABASE_URL: 'postgres://db/x',
      TEMPORAL_ADDRESS: 't:7233',
    };
    expect(() => loadConfig(production)).toThrow(/AGENT_SESSION_SECRET/);
    expect(() => loadConfig({ ...production, AGENT_SESSION_SECRET: 's'.repeat(32) })).toThrow(/LOG_SIGNING_KEY/);
    const ok = loadConfig({
      APP_ENV: 'production',
      ADMIN_TOKEN: 'x'.repeat(32),
      WEBHOOK_SIGNING_KEY: 'k'.repeat(32),
      AGENT_SESSION_SECRET: 's'.repeat(32),
      LOG_SIGNING_KEY: 'ab'.repeat(32),
      DATABASE_URL: 'postgres://db/x',
      TEMPORAL_ADDRESS: 't:7233',
      X402_PAY_TO: '0x1111111111111111111111111111111111111111',
    });
    expect(ok.allowLocalHttp).toBe(false);
  });
});
