import { SURVEY_DAY_LABELS, type SurveyAnswer, type SurveyQuestion } from '@teamup/shared';
import { countOf } from '@/lib/format';

const HOURS_PER_DAY = 24;

/** "9" for 9:00, "24" for the end of the day: ranges read as "Mon 9–12". */
const hourText = (h: number) => String(h);

/**
 * Free hours as their count and compact ranges per day: "5 h: Mon 9–12, Tue 9–11". An hour h
 * of day d is d * 24 + h; a range ends at the hour after its last free one.
 */
export function describeHours(hours: readonly number[]): string {
  if (hours.length === 0) return 'No free hours';
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  const parts: string[] = [];
  let start = sorted[0]!;
  let prev = start;
  const close = () => {
    const day = Math.floor(start / HOURS_PER_DAY);
    const from = start % HOURS_PER_DAY;
    const to = (prev % HOURS_PER_DAY) + 1;
    parts.push(`${SURVEY_DAY_LABELS[day] ?? '?'} ${hourText(from)}–${hourText(to)}`);
  };
  for (const h of sorted.slice(1)) {
    const sameDay = Math.floor(h / HOURS_PER_DAY) === Math.floor(prev / HOURS_PER_DAY);
    if (h === prev + 1 && sameDay) {
      prev = h;
      continue;
    }
    close();
    start = h;
    prev = h;
  }
  close();
  return `${sorted.length} h: ${parts.join(', ')}`;
}

type Names = ReadonlyMap<string, string>;

function people(ids: readonly string[], names: Names): string {
  if (ids.length === 0) return 'nobody';
  if (ids.every((id) => names.has(id))) return ids.map((id) => names.get(id)).join(', ');
  return `${ids.length} chosen`;
}

/** An answer in words, as the results table shows it ("React 4, SQL 2"; "Leader"). */
export function describeAnswer(
  question: SurveyQuestion,
  answer: SurveyAnswer | undefined,
  names: Names = new Map(),
): string {
  if (!answer || answer.type !== question.type) return '—';
  switch (answer.type) {
    case 'AVAILABILITY': {
      // Issue 36: hours given in another zone than the grid's say which.
      const grid = question.type === 'AVAILABILITY' ? (question.timeZone ?? 'UTC') : undefined;
      const zone = answer.timeZone && answer.timeZone !== grid ? ` (${answer.timeZone})` : '';
      return describeHours(answer.hours) + (answer.hours.length > 0 ? zone : '');
    }
    case 'SKILLS': {
      const skills = question.type === 'SKILLS' ? question.skills : Object.keys(answer.levels);
      const given = skills.filter((s) => answer.levels[s] !== undefined);
      return given.length === 0 ? '—' : given.map((s) => `${s} ${answer.levels[s]}`).join(', ');
    }
    case 'ROLE':
    case 'DEMOGRAPHIC':
    case 'SINGLE_CHOICE': {
      const options = 'options' in question ? question.options : [];
      return options.find((o) => o.id === answer.option)?.label ?? answer.option;
    }
    case 'MULTIPLE_CHOICE': {
      const options = 'options' in question ? question.options : [];
      if (answer.options.length === 0) return 'None';
      return answer.options.map((id) => options.find((o) => o.id === id)?.label ?? id).join(', ');
    }
    case 'PROJECT': {
      const projects = question.type === 'PROJECT' ? question.projects : [];
      if (answer.ranking.length === 0) return '—';
      return answer.ranking
        .map((id, i) => `${i + 1}. ${projects.find((p) => p.id === id)?.name ?? id}`)
        .join(', ');
    }
    case 'TEAMMATES':
      return `Would like: ${people(answer.like, names)}; rather not: ${people(answer.avoid, names)}`;
  }
}

/** "3 of 10 students (30%)". */
export function rateText(count: number, of: number): string {
  const pct = of === 0 ? 0 : Math.round((count / of) * 100);
  return `${count} of ${countOf(of, 'student')} (${pct}%)`;
}
