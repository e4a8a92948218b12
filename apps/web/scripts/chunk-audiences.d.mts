// Types for the build script, so vite.config.ts and the unit test under src/ typecheck against it.
import type { Plugin } from 'vite';

export type ChunkClass = 'layout' | 'shared' | 'staff' | 'student' | 'admin' | 'superadmin';
export declare const LAYOUT_ROOT: RegExp;
export declare function audienceOf(id: string): 'student' | 'admin' | 'superadmin' | null;
export declare function classify(
  graph: Map<string, { imports: string[]; dynamicImports: string[]; isEntry: boolean }>,
): Map<string, ChunkClass>;
export declare function isBarrel(code: string | null | undefined): boolean;
export declare function namesOfBarrel(
  code: string,
  resolve: (specifier: string) => string | null | undefined,
  exportsOf: (id: string) => string[],
): Map<string, string>;
export declare function throughBarrels(
  code: string,
  barrelOf: (specifier: string) => Map<string, string> | undefined,
): string[];
export declare function chunkAudiences(): {
  classOf(id: string): ChunkClass | null;
  plugin: Plugin;
};
