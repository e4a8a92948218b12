import { readFileSync } from 'node:fs';
import { solveCriteria } from '../../src/modules/formation/formation-criteria.js';
import { kindLabel, smallClass } from './small-class.js';
const cache = JSON.parse(readFileSync('/tmp/solver-exact.json', 'utf8'));
const kinds = (process.env.KINDS ?? '24:3:5:1,24:4:4:1,20:4:4:1,24:4:4:0').split(',').map((k) => {
  const [n, min, max, p] = k.split(':').map(Number);
  return { n: n!, min: min!, max: max!, project: p === 1 };
});
let totalMs = 0;
for (const kind of kinds) {
  let at = 0,
    sum = 0,
    worst = 1,
    cnt = 0;
  for (let c = 0; c < 22 && cnt < 20; c++) {
    const key = `${kindLabel(kind)}#${c}`;
    const opt = cache[key];
    if (!opt) continue;
    const input = smallClass(kind, 1000 * kind.n + 100 * kind.min + (kind.project ? 0 : 50) + c);
    const t = process.hrtime.bigint();
    const r = solveCriteria(input, {
      seed: 1,
      restarts: process.env.R ? Number(process.env.R) : undefined,
      anneal: process.env.IT ? Number(process.env.IT) : undefined,
    });
    totalMs += Number(process.hrtime.bigint() - t) / 1e6;
    if (r.violations.length) continue;
    cnt++;
    const ratio = r.lowestScore / opt.lowest;
    sum += ratio;
    worst = Math.min(worst, ratio);
    if (ratio >= 1 - 1e-9) at++;
  }
  console.log(kindLabel(kind).padEnd(46), (sum / cnt).toFixed(4), worst.toFixed(4), at, '/', cnt);
}
console.log('ms', totalMs.toFixed(0));
