import type { SurveyAnswerCounts, SurveyQuestion } from '@teamup/shared';
import { countOf } from '@/lib/format';

type Choice = { id: string; label: string };

/** The options (or projects) of a question, as id and label; null for a type without them. */
function choicesOf(q: SurveyQuestion): Choice[] | null {
  switch (q.type) {
    case 'ROLE':
    case 'DEMOGRAPHIC':
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE':
      return q.options;
    case 'PROJECT':
      return q.projects.map((p) => ({ id: p.id, label: p.name }));
    default:
      return null;
  }
}

const answers = (n: number) => countOf(n, 'answer');

/**
 * What saving `next` over the saved questions does to the answers students already gave (issue
 * 35, item 9), one sentence per change that touches an answer: a deleted question removes its
 * answers; a renamed option keeps them (options keep their id); a removed option, project or
 * skill leaves its answers shown as "answered a removed option"; narrowed hours drop the hours
 * outside them. Empty when nothing answered changes.
 */
export function editImpact(
  saved: readonly SurveyQuestion[],
  next: readonly SurveyQuestion[],
  counts: SurveyAnswerCounts,
): string[] {
  const lines: string[] = [];
  const nextById = new Map(next.map((q) => [q.id, q]));
  for (const before of saved) {
    const count = counts[before.id];
    if (!count || count.answers === 0) continue;
    const after = nextById.get(before.id);
    if (!after) {
      lines.push(`Deleting “${before.prompt}” removes its ${answers(count.answers)}.`);
      continue;
    }
    if (after.type !== before.type) continue;
    const was = choicesOf(before);
    const now = choicesOf(after);
    if (was && now) {
      const nowById = new Map(now.map((c) => [c.id, c]));
      for (const choice of was) {
        const n = count.refs[choice.id] ?? 0;
        if (n === 0) continue;
        const kept = nowById.get(choice.id);
        if (!kept) {
          lines.push(
            `Removing “${choice.label}” from “${after.prompt}”: its ${answers(n)} will show as “answered a removed option”.`,
          );
        } else if (kept.label.trim() !== choice.label.trim()) {
          lines.push(
            `Renaming “${choice.label}” to “${kept.label.trim()}” keeps its ${answers(n)}.`,
          );
        }
      }
    }
    if (before.type === 'SKILLS' && after.type === 'SKILLS') {
      const skills = new Set(after.skills);
      for (const skill of before.skills) {
        const n = count.refs[skill] ?? 0;
        if (n > 0 && !skills.has(skill)) {
          lines.push(
            `Removing the skill “${skill}” from “${after.prompt}” drops its ${countOf(n, 'rating')}.`,
          );
        }
      }
    }
    if (
      before.type === 'AVAILABILITY' &&
      after.type === 'AVAILABILITY' &&
      (after.fromHour > before.fromHour || after.toHour < before.toHour)
    ) {
      lines.push(
        `Narrowing “${after.prompt}” to ${after.fromHour}:00–${after.toHour}:00 drops the hours outside it from its ${answers(count.answers)}.`,
      );
    }
  }
  return lines;
}
