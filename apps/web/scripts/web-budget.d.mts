// Types for the budgets, so e2e/budget.spec.ts typechecks against them.
export declare const MAX_JS_FILES: number;
export declare const COMPRESS_FROM_BYTES: number;
export declare const MAX_UNCOMPRESSED_OVER_1KB: number;
export declare const MAX_SMALL_FILES: number;
export declare const MAX_JS_BYTES: Readonly<Record<string, number>>;
export declare const LIGHTHOUSE_GOALS: {
  performance: number;
  accessibility: number;
  bestPractices: number;
  maxCls: number;
};
