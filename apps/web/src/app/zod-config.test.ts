import './zod-config';
import { z } from 'zod';

describe('zod-config', () => {
  it('turns off zod’s eval probe and compiled parsers without importing zod', () => {
    expect(z.config().jitless).toBe(true);
    expect(globalThis.__zod_globalConfig).toBe(z.config());
  });
});
