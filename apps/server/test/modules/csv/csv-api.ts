import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { count, eq } from 'drizzle-orm';
import type { CsvUploadResult } from '@teamup/shared';
import { auditEvents, csvUploads, enrollments } from '../../../src/db/schema/index.js';
import { API, bearer, getWorkerDb } from '../../helper.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');

export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

export type FormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; content: Buffer | string; type?: string };

/** A multipart/form-data body built by hand, as a browser would send it. */
export function multipartBody(parts: FormPart[]) {
  const boundary = `----teamup-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
          `Content-Type: ${part.type ?? 'text/csv'}\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`));
    chunks.push(Buffer.from('value' in part ? part.value : part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadParts(courseId: string, content: Buffer | string, fileName = 'roster.csv') {
  return [
    { name: 'courseId', value: courseId },
    { name: 'file', fileName, content },
  ];
}

export function upload(
  app: FastifyInstance,
  token: string | undefined,
  parts: FormPart[],
): Promise<LightMyRequestResponse> {
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: `${API}/csv/upload`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

/** Uploads and returns the new upload's id, failing loudly if the upload was refused. */
export async function uploadRoster(
  app: FastifyInstance,
  token: string,
  courseId: string,
  content: Buffer | string,
  fileName?: string,
): Promise<string> {
  const res = await upload(app, token, uploadParts(courseId, content, fileName));
  if (res.statusCode !== 202) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}

export async function uploadStatus(app: FastifyInstance, token: string, id: string) {
  const res = await app.inject({
    method: 'GET',
    url: `${API}/csv/status/${id}`,
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`status failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: CsvUploadResult }>().data;
}

/** Polls GET /csv/status/{id} as the web app does, until the upload is done. */
export async function waitForUpload(
  app: FastifyInstance,
  token: string,
  id: string,
  timeoutMs = 15_000,
): Promise<CsvUploadResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await uploadStatus(app, token, id);
    if (result.status === 'COMPLETED' || result.status === 'FAILED') return result;
    if (Date.now() > deadline) throw new Error(`upload ${id} still ${result.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the job row reaches a status (for apps whose worker the test drives). */
export async function waitForJobStatus(id: string, statuses: string[], timeoutMs = 15_000) {
  const { db } = await getWorkerDb();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(csvUploads).where(eq(csvUploads.id, id));
    if (row && statuses.includes(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`upload ${id} is ${row?.status}, not ${statuses}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function uploadRow(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(csvUploads).where(eq(csvUploads.id, id));
  return row!;
}

export async function courseEnrollments(courseId: string) {
  const { db } = await getWorkerDb();
  return db
    .select()
    .from(enrollments)
    .where(eq(enrollments.courseId, courseId))
    .orderBy(enrollments.email);
}

/** Row counts of everything an upload can change. */
export async function dbCounts() {
  const { db } = await getWorkerDb();
  const [[e], [a], [u]] = await Promise.all([
    db.select({ n: count() }).from(enrollments),
    db.select({ n: count() }).from(auditEvents),
    db.select({ n: count() }).from(csvUploads),
  ]);
  return { enrollments: e!.n, audits: a!.n, uploads: u!.n };
}

/** Roster text with `n` students, `prefix` keeping different rosters' emails apart. */
export function generatedRoster(n: number, prefix = 'student'): string {
  const lines = ['email,fullname,studentId'];
  for (let i = 1; i <= n; i++) lines.push(`${prefix}${i}@example.edu,Student ${i},S${i}`);
  return `${lines.join('\n')}\n`;
}
