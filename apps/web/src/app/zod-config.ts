// zod compiles object parsers with `new Function` when it may; the probe that asks whether it may
// is itself an eval, which the server's Content-Security-Policy reports as a violation. Schemas
// decide at construction, so this runs before any of them is built: main.tsx imports it first,
// so it is the first module of the entry's chunk (decisions 091 and 127).
//
// Without importing zod (decision 095): zod keeps its configuration on
// `globalThis.__zod_globalConfig` and adopts an object already there, so the entry sets the flag
// and carries none of zod's code. `z.config()` reads the same object (tested).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, {
  jitless: true,
});

export {};
