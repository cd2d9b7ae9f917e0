import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { createManualClock } from '../../lib/clock';
import { createCarrierProvider } from './create-carrier-provider';

const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'carrier-config-')) };
// The sandbox reads its tables only when called; choosing a provider touches no database.
const noDatabase = { kind: 'postgres' as const, db: {} as Database };
const credentials = { UPS_CLIENT_ID: 'id', UPS_CLIENT_SECRET: 'secret', UPS_ACCOUNT_NUMBER: 'A1B2C3' };

describe('createCarrierProvider', () => {
  it('uses UPS (test environment by default) only when all three credentials are set', () => {
    const config = loadConfig({ ...base, ...credentials });
    expect(config.ups).toEqual({ clientId: 'id', clientSecret: 'secret', accountNumber: 'A1B2C3', baseUrl: 'https://wwwcie.ups.com', timeoutMs: 15_000 });
    expect(createCarrierProvider(config, createManualClock(), noDatabase).name).toBe('ups');
    expect(loadConfig({ ...base, ...credentials, UPS_BASE_URL: 'https://onlinetools.ups.com' }).ups?.baseUrl).toBe('https://onlinetools.ups.com');
  });

  it('falls back to the sandbox without credentials or with only some of them', () => {
    expect(loadConfig(base).ups).toBeNull();
    const partial = loadConfig({ ...base, UPS_CLIENT_ID: 'id', UPS_CLIENT_SECRET: 'secret' });
    expect(partial.ups).toBeNull();
    expect(createCarrierProvider(partial, createManualClock(), noDatabase).name).toBe('sandbox');
  });
});
