import { describe, expect, it } from 'vitest';
import { parseDurationSeconds } from '../../src/lib/duration.js';

describe('parseDurationSeconds', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(parseDurationSeconds('3600s')).toBe(3600);
    expect(parseDurationSeconds('15m')).toBe(900);
    expect(parseDurationSeconds('12h')).toBe(43_200);
    expect(parseDurationSeconds('30d')).toBe(2_592_000);
  });
  it('refuses anything else', () => {
    for (const bad of ['', '15', 'm', '1.5h', '-1m', '0s', '3w', '15 minutes']) {
      expect(parseDurationSeconds(bad)).toBeNull();
    }
  });
});
