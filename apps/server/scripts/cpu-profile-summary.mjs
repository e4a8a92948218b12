// Summarises a V8 .cpuprofile (from `node --cpu-prof`) as self time by package and by function,
// as a share of busy time. With a marker (default: the app's own sources), only the 200 ms slices
// of the run in which code under that path was sampled are counted, so the seed and the bare
// route of bench:teams are left out of the app's profile (decision 102).
// Usage: node apps/server/scripts/cpu-profile-summary.mjs <file.cpuprofile> [marker|--all]
import { readFileSync } from 'node:fs';

const [file, markerArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-profile-summary.mjs <file.cpuprofile> [marker|--all]');
  process.exit(2);
}
const marker = markerArg === '--all' ? null : (markerArg ?? '/apps/server/src/');
const SLICE_US = 200_000;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

const inApp = new Map();
function isApp(id) {
  if (inApp.has(id)) return inApp.get(id);
  const url = nodes.get(id).callFrame.url ?? '';
  const parent = parents.get(id);
  const result = url.includes(marker) || (parent !== undefined && isApp(parent));
  inApp.set(id, result);
  return result;
}

let clock = profile.startTime;
const times = profile.samples.map((_, i) => (clock += profile.timeDeltas[i] ?? 0));
const slices = new Map();
profile.samples.forEach((id, i) => {
  const slice = Math.floor(times[i] / SLICE_US);
  const entry = slices.get(slice) ?? { app: 0, all: 0 };
  entry.all += 1;
  if (marker && isApp(id)) entry.app += 1;
  slices.set(slice, entry);
});
const kept = (i) => {
  if (!marker) return true;
  const entry = slices.get(Math.floor(times[i] / SLICE_US));
  return entry.app / entry.all > 0.03;
};

let busy = 0;
let idle = 0;
const byPackage = new Map();
const byFunction = new Map();
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
profile.samples.forEach((id, i) => {
  if (!kept(i)) return;
  const { functionName, url = '' } = nodes.get(id).callFrame;
  const delta = profile.timeDeltas[i] ?? 0;
  if (functionName === '(idle)') {
    idle += delta;
    return;
  }
  busy += delta;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  const group = pkg
    ? pkg
    : url.includes('/apps/server/src/')
      ? 'app (src)'
      : url.startsWith('node:')
        ? `node:${url.slice(5).split('/')[0]}`
        : url
          ? 'other'
          : `native ${functionName || '(anonymous)'}`;
  add(byPackage, group, delta);
  add(byFunction, `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}`, delta);
});

const share = (value) => `${((100 * value) / busy).toFixed(1).padStart(5)}%`;
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`busy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s`);
console.log('\nby package');
for (const [key, value] of top(byPackage, 15)) console.log(share(value), key);
console.log('\nby function');
for (const [key, value] of top(byFunction, 25)) console.log(share(value), key);
