import { QueryClient } from '@tanstack/react-query';
import { readsSettled } from './reads-settled';

function deferred() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('readsSettled', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves at once when nothing is being read', async () => {
    await expect(readsSettled(new QueryClient(), 1000)).resolves.toBeUndefined();
  });

  it('resolves when the last read answers, not before', async () => {
    const client = new QueryClient();
    const first = deferred();
    const second = deferred();
    void client.prefetchQuery({ queryKey: ['a'], queryFn: () => first.promise });
    void client.prefetchQuery({ queryKey: ['b'], queryFn: () => second.promise });
    let settled = false;
    const waiting = readsSettled(client, 60_000).then(() => {
      settled = true;
    });
    first.resolve('a');
    await first.promise;
    await Promise.resolve();
    expect(settled).toBe(false);
    second.resolve('b');
    await waiting;
    expect(settled).toBe(true);
    expect(client.getQueryData(['b'])).toBe('b');
  });

  it('gives up waiting after its limit', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>(() => {}) });
    let settled = false;
    void readsSettled(client, 1000).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
