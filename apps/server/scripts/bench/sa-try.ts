import { annealingBaseline } from './annealing-baseline.js';
import { syntheticClass } from './synthetic-class.js';
for (const n of (process.env.NS ?? '60,200').split(',').map(Number)) {
  const r = annealingBaseline(syntheticClass(n, n), {
    seed: 1,
    seconds: Number(process.env.BENCH_SA_SECONDS ?? 10),
  });
  console.log(n, r.lowestScore.toFixed(4), r.meanScore.toFixed(4), r.violations, r.moves, r.cycles);
}
