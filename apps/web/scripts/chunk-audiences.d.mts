import type { Plugin } from 'vite';

export type ChunkClass = 'signed-in' | 'shared' | 'staff' | 'student' | 'admin' | 'superadmin';
export const LAYOUT_ROOT: RegExp;
export function audienceOf(id: string): 'student' | 'admin' | 'superadmin' | null;
export function classify(
  graph: Map<string, { imports: string[]; dynamicImports: string[]; isEntry: boolean }>,
): Map<string, ChunkClass>;
export function chunkAudiences(): { classOf(id: string): ChunkClass | null; plugin: Plugin };
