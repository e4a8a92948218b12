import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` when it may; the probe that asks whether it may
// is itself an eval, which the server's Content-Security-Policy reports as a violation. Schemas
// decide at construction, so this runs before any of them is built: main.tsx imports it first
// and vite.config.ts puts it in the same chunk as zod's core, which every schema chunk imports
// (decision 091). `config` is the function zod re-exports as `z.config`.
config({ jitless: true });
