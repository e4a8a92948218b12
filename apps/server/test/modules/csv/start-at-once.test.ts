// An upload starts at once in the process that took it (issue 24, decision 123): the route wakes
// the local worker after the upload is committed, so the poll interval (for jobs other processes
// queued) never delays it. The poll is set to a minute here: only the wake can start the job.
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeWorld } from '../../fixtures.js';
import { buildTestApp, signIn } from '../../helper.js';
import { generatedRoster, uploadRoster, waitForUpload } from './csv-api.js';

const POLL_MS = 60_000;

describe('a roster upload in an idle process', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  let token: string;

  beforeAll(async () => {
    app = await buildTestApp({}, { csvWorker: { pollIntervalMs: POLL_MS } });
  });

  beforeEach(async () => {
    w = await makeWorld();
    token = (await signIn(app, w.adminA.email)).token;
  });

  it('is COMPLETED within a second or two, long before the next poll', async () => {
    // Two uploads in a row: the worker has gone idle (waiting for its poll) before each.
    for (const prefix of ['first', 'second']) {
      const startedAt = Date.now();
      const id = await uploadRoster(app, token, w.courseA.id, generatedRoster(5, prefix));
      const result = await waitForUpload(app, token, id, 3_000);
      expect(result.status).toBe('COMPLETED');
      expect(result.counts.pending).toBe(5);
      expect(Date.now() - startedAt).toBeLessThan(3_000);
    }
  });
});
