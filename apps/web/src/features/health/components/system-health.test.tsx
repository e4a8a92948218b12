import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createDetailedHealth } from '@/testing/data';
import { api, fail, ok } from '@/testing/handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { formatSeconds, formatUpdated } from '../utils/format';
import { SystemHealth } from './system-health';

const group = (name: string) => screen.getByRole('region', { name });

/** The value shown for a figure of a group, found by its label. */
function figure(groupName: string, label: string): HTMLElement {
  const term = within(group(groupName)).getByText(label).closest('dt')!;
  return term.nextElementSibling as HTMLElement;
}

describe('system health', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a loader, then every group with its figures and limits', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get(
        api('/healthcheck/detailed'),
        () =>
          new Promise<Response>((resolve) => (answer = () => resolve(ok(createDetailedHealth())))),
      ),
    );
    renderWithProviders(<SystemHealth />);
    expect(screen.getByRole('status', { name: 'Loading system health' })).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer!());

    expect(await screen.findByText('All systems normal')).toBeInTheDocument();
    expect(figure('Database', 'Connection')).toHaveTextContent('Reachable');
    expect(figure('Database', 'Round trip now')).toHaveTextContent('1.8 msOK');
    expect(within(group('Database')).getByText('Degraded above 100 ms')).toBeInTheDocument();
    expect(figure('Database', 'Round trip p99, last 5 min')).toHaveTextContent('4.2 msOK');
    expect(
      within(group('Database')).getByText('Of 30 samples; degraded above 250 ms'),
    ).toBeInTheDocument();
    expect(figure('Database', 'Pool connections')).toHaveTextContent('2 in use, 3 idle of 10');
    expect(figure('Database', 'Read lanes')).toHaveTextContent('2 of 2 open, 1 query in flight');
    expect(figure('Database', 'Migrations (latest 0011_dashboards)')).toHaveTextContent(
      '12 of 12 applied',
    );
    expect(figure('CSV jobs', 'Queued')).toHaveTextContent('1');
    expect(figure('CSV jobs', 'Oldest waiting')).toHaveTextContent('12 s');
    expect(within(group('CSV jobs')).getByText('Degraded above 5 min')).toBeInTheDocument();
    // Issue 26: the email outbox.
    expect(figure('Email', 'Sending')).toHaveTextContent('On');
    expect(figure('Email', 'Waiting to be sent')).toHaveTextContent('3');
    expect(figure('Email', 'Waiting for the daily digest')).toHaveTextContent('14');
    expect(figure('Email', 'Given up in the last 24 h')).toHaveTextContent('1');
    expect(figure('Email', 'Undeliverable addresses')).toHaveTextContent('2');
    expect(figure('CSV jobs', 'Lease holder')).toHaveTextContent(
      'Upload 6f1d6a54, attempt 1, ends in 11 s',
    );
    expect(figure('Process', 'Version')).toHaveTextContent('0.1.0 (3f2c1a9)');
    expect(figure('Process', 'Uptime')).toHaveTextContent('1h 2m');
    expect(figure('Process', 'Memory (RSS)')).toHaveTextContent('120.0 MB');
    // Issue 35: the percentage is of the figure it stands beside (the limit), and says so.
    expect(figure('Process', 'Heap used')).toHaveTextContent('40.0 MB of the 2048.0 MB limit (2%)');
    expect(
      within(group('Process')).getByText('Heap held now 80.0 MB; degraded above 90% of the limit'),
    ).toBeInTheDocument();
    expect(figure('Process', 'Event-loop delay p99')).toHaveTextContent('21 ms');
    expect(figure('Process', 'Requests per minute')).toHaveTextContent('42');
    expect(figure('Process', '5xx per minute')).toHaveTextContent('0OK');
    expect(within(group('Process')).getByText('Degraded above 200 ms')).toBeInTheDocument();
  });

  it('shows a degraded figure and an unreachable database as down', async () => {
    const healthy = createDetailedHealth();
    server.use(
      http.get(api('/healthcheck/detailed'), () =>
        ok(
          createDetailedHealth({
            status: 'down',
            database: {
              ...healthy.database,
              reachable: false,
              latencyMs: null,
              latency: { value: null, degradedAbove: 100, status: 'down' },
              pool: null,
              driver: 'pglite',
            },
            csvJobs: {
              ...healthy.csvJobs,
              failedLast24h: { value: 7, degradedAbove: 3, status: 'degraded' },
            },
          }),
        ),
      ),
    );
    renderWithProviders(<SystemHealth />);
    expect(await screen.findByText('Unreachable')).toBeInTheDocument();
    expect(screen.getAllByText('Down')[0]).toBeInTheDocument();
    expect(figure('Database', 'Round trip now')).toHaveTextContent('n/aDown');
    expect(figure('Database', 'Pool connections')).toHaveTextContent('Not pooled (in process)');
    expect(figure('CSV jobs', 'Failed in the last 24 h')).toHaveTextContent('7Degraded');
  });

  it('shows an error when the first load fails', async () => {
    server.use(http.get(api('/healthcheck/detailed'), () => fail(403, 'Forbidden', 'FORBIDDEN')));
    renderWithProviders(<SystemHealth />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load system health');
  });

  it('keeps the last figures when a refresh fails, and says so', async () => {
    server.use(http.get(api('/healthcheck/detailed'), () => ok(createDetailedHealth())));
    const { user } = renderWithProviders(<SystemHealth />);
    expect(await screen.findByText('All systems normal')).toBeInTheDocument();

    server.use(
      http.get(api('/healthcheck/detailed'), () =>
        fail(500, 'Internal server error', 'INTERNAL_ERROR'),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not refresh');
    expect(alert).toHaveTextContent('Internal server error');
    // The figures stay.
    expect(figure('Process', 'Memory (RSS)')).toHaveTextContent('120.0 MB');
    expect(screen.getByText('All systems normal')).toBeInTheDocument();
  });

  it('refreshes itself every 10 s and says when it last did', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(
      http.get(api('/healthcheck/detailed'), () => {
        calls += 1;
        return ok(createDetailedHealth({ uptimeSeconds: calls === 1 ? 60 : 120 }));
      }),
    );
    renderWithProviders(<SystemHealth />);
    expect(await screen.findByText('Updated just now')).toBeInTheDocument();
    expect(figure('Process', 'Uptime')).toHaveTextContent('1 min');
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByText(/^Updated [45] s ago$/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(6_500));
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() => expect(figure('Process', 'Uptime')).toHaveTextContent('2 min'));
    expect(screen.getByText(/^Updated (just now|[01] s ago)$/)).toBeInTheDocument();
  });
});

describe('health formats', () => {
  it('says how long ago, and spans of time', () => {
    expect(formatUpdated(10_000, 10_500)).toBe('Updated just now');
    expect(formatUpdated(10_000, 14_200)).toBe('Updated 4 s ago');
    expect(formatUpdated(0, 125_000)).toBe('Updated 2 min ago');
    expect(formatSeconds(45)).toBe('45 s');
    expect(formatSeconds(312)).toBe('5 min 12 s');
    expect(formatSeconds(300)).toBe('5 min');
    expect(formatSeconds(90_061)).toBe('1d 1h 1m');
  });
});
