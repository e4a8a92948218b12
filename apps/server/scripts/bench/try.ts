import { solveCriteria } from '../../src/modules/formation/formation-criteria.js';
import { syntheticClass } from './synthetic-class.js';
for (const n of (process.env.NS ?? '60,200,600,2000').split(',').map(Number)) {
  const input = syntheticClass(n, n);
  const t = process.hrtime.bigint();
  const r = solveCriteria(input, {
    seed: 1,
    restarts: process.env.R ? Number(process.env.R) : undefined,
    anneal: process.env.IT ? Number(process.env.IT) : undefined,
  });
  console.log(
    n,
    r.lowestScore.toFixed(4),
    r.meanScore.toFixed(4),
    r.violations.length,
    (Number(process.hrtime.bigint() - t) / 1e6) | 0,
    'ms',
  );
}
