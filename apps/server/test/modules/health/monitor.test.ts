import { describe, expect, it } from 'vitest';
import { resolveBuildCommit } from '../../../src/lib/build-commit.js';
import { percentile, SampleRing, SecondCounter } from '../../../src/modules/health/monitor.js';
import { tempDir } from '../../helper.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

describe('the latency ring', () => {
  it('keeps at most its capacity, the oldest overwritten first', () => {
    const ring = new SampleRing(4);
    for (let i = 1; i <= 10; i++) ring.push(i * 1000, i);
    expect(ring.size).toBe(4);
    expect(ring.valuesSince(0).sort((a, b) => a - b)).toEqual([7, 8, 9, 10]);
    expect(ring.valuesSince(9000).sort((a, b) => a - b)).toEqual([9, 10]);
  });

  it('gives the nearest-rank p99', () => {
    expect(percentile([], 99)).toBeNull();
    expect(percentile([5], 99)).toBe(5);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile([...hundred, 1000], 99)).toBe(100);
    expect(percentile(hundred, 50)).toBe(50);
  });
});

describe('the per-second counter', () => {
  it('sums the last 60 seconds in fixed memory', () => {
    const counter = new SecondCounter(60);
    const t0 = 1_000_000_000_000;
    counter.add(t0);
    counter.add(t0 + 500);
    counter.add(t0 + 30_000, 3);
    expect(counter.total(t0 + 30_000)).toBe(5);
    expect(counter.total(t0 + 59_999)).toBe(5);
    // The first second has left the window.
    expect(counter.total(t0 + 60_000)).toBe(3);
    // The slot of t0 + 30 s, reused a minute later, starts again from zero.
    counter.add(t0 + 90_000);
    expect(counter.total(t0 + 90_000)).toBe(1);
    expect(counter.total(t0 + 200_000)).toBe(0);
  });
});

describe('the build commit', () => {
  const sha = 'a'.repeat(40);

  it('comes from GIT_COMMIT or SOURCE_COMMIT first', () => {
    expect(resolveBuildCommit({ GIT_COMMIT: sha.toUpperCase() }, tempDir())).toBe(sha);
    expect(resolveBuildCommit({ SOURCE_COMMIT: 'abc1234' }, tempDir())).toBe('abc1234');
    // Not a commit: ignored.
    expect(resolveBuildCommit({ GIT_COMMIT: 'latest' }, tempDir())).toBeNull();
  });

  it('else from .git/HEAD, a branch ref or packed-refs', () => {
    const repo = tempDir('repo');
    const git = join(repo, '.git');
    mkdirSync(join(git, 'refs', 'heads'), { recursive: true });
    writeFileSync(join(git, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(git, 'packed-refs'), `# pack-refs\n${'b'.repeat(40)} refs/heads/main\n`);
    const inside = join(repo, 'apps', 'server');
    mkdirSync(inside, { recursive: true });
    expect(resolveBuildCommit({}, inside)).toBe('b'.repeat(40));
    writeFileSync(join(git, 'refs', 'heads', 'main'), `${'c'.repeat(40)}\n`);
    expect(resolveBuildCommit({}, inside)).toBe('c'.repeat(40));
    writeFileSync(join(git, 'HEAD'), `${sha}\n`);
    expect(resolveBuildCommit({}, inside)).toBe(sha);
  });
});
