// Issue 24 item 1: the classmates search matches only what the caller may see. Searching a
// classmate's hidden email, whole or one character at a time in front of the domain, must find
// nobody; a teammate's or an opted-in classmate's email still matches (decision 121).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Classmate } from '@teamup/shared';
import { users } from '../../../src/db/schema/index.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

async function search(w: World, who: keyof World['as'], text: string) {
  const query = `?search=${encodeURIComponent(text)}`;
  const res = await call(app, 'GET', `/student/courses/${w.course.id}/students${query}`, w.as[who]);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<{ data: { items: Classmate[]; total: number } }>().data;
  return { names: data.items.map((c) => c.fullname), total: data.total };
}

describe('classmates search and the email rule', () => {
  it('a hidden email, whole or as a growing prefix, finds nobody', async () => {
    const w = await world(app);
    const nobody = { names: [], total: 0 };
    // Sue has no team: Lea's, Max's and Mia's emails are hidden from her.
    expect(await search(w, 'sue', w.lea.email)).toEqual(nobody);
    expect(await search(w, 'sue', w.max.email.toUpperCase())).toEqual(nobody);
    const [local, domain] = w.lea.email.split('@') as [string, string];
    expect(await search(w, 'sue', `@${domain}`)).toEqual(nobody);
    for (let n = 1; n <= local.length; n += 1) {
      expect(await search(w, 'sue', `${local.slice(0, n)}@${domain}`), local.slice(0, n)).toEqual(
        nobody,
      );
    }
    // Names still match.
    expect((await search(w, 'sue', 'lea')).names).toEqual(['Lea Leader']);
  });

  it("a teammate's or an opted-in classmate's email still matches", async () => {
    const w = await world(app);
    expect(await search(w, 'max', w.lea.email)).toEqual({ names: ['Lea Leader'], total: 1 });
    expect((await search(w, 'lea', '@example.edu')).names).toEqual(['Max Member', 'Mia Member']);
    const { db } = await getWorkerDb();
    await db.update(users).set({ showEmail: true }).where(eq(users.id, w.sue.id));
    expect(await search(w, 'lea', w.sue.email)).toEqual({ names: ['Sue Solo'], total: 1 });
    expect((await search(w, 'lea', '@example.edu')).names).toEqual([
      'Max Member',
      'Mia Member',
      'Sue Solo',
    ]);
  });
});
