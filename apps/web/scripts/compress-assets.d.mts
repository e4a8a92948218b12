// Types for the build script, so the unit test under src/ typechecks against it.
export declare const COMPRESSIBLE: ReadonlySet<string>;
export declare const MIN_BYTES: number;
export declare function moveSourceMaps(dist: string, mapsDir: string): Promise<number>;
export declare function compressDirectory(
  dist: string,
  options?: { minBytes?: number },
): Promise<{ files: number; original: number; brotli: number; gzip: number }>;
