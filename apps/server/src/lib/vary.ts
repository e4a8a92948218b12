import type { FastifyReply } from 'fastify';

/** Adds `field` to the reply's Vary header unless it is named there already (CORS adds Origin). */
export function addVary(reply: FastifyReply, field: string): void {
  const names = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...names, field].join(', '));
}
