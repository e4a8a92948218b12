import type { FormationProposal } from '@teamup/shared';
import { useCallback, useState } from 'react';
import { applyBody, type ProposalEdits } from './proposal';

/**
 * A preview the admin kept to compare (issue 36, decision 155): the proposal, the edits made to it
 * when kept, and its figures then. Kept per course in the tab's sessionStorage (a reload keeps
 * them, another tab or a new session does not: a proposal goes stale as the course changes).
 */
export type KeptProposal = {
  id: string;
  proposal: FormationProposal;
  edits: ProposalEdits;
  edited: boolean;
  lowest: number | null;
  mean: number | null;
  /** Rules not kept (null without a survey). */
  broken: number | null;
  rules: number;
  placed: number;
  newTeams: number;
};

/** At most this many kept previews per course; keeping one more drops the oldest. */
export const KEPT_MAX = 6;

/** The same proposal (seed, course state, options) is one entry: keeping it again replaces it. */
export const keptId = (p: FormationProposal) =>
  `${p.seed}:${p.fingerprint}:${JSON.stringify(p.options)}`;

/** The entry for a proposal as shown (its edits and the scores they have). */
export function keepEntry(
  proposal: FormationProposal,
  shown: FormationProposal,
  edits: ProposalEdits,
  edited: boolean,
): KeptProposal {
  const body = applyBody(proposal, edits);
  return {
    id: keptId(proposal),
    proposal,
    edits,
    edited,
    lowest: shown.criteria?.lowestScore ?? null,
    mean: shown.criteria?.meanScore ?? null,
    broken: shown.criteria ? shown.criteria.violations.length : null,
    rules: shown.criteria?.rules.length ?? 0,
    placed: body.placements.length,
    newTeams: body.newTeams.length,
  };
}

const storageKey = (courseId: string) => `teamup:kept-proposals:${courseId}`;

function read(courseId: string): KeptProposal[] {
  try {
    const raw = window.sessionStorage.getItem(storageKey(courseId));
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? (list as KeptProposal[]) : [];
  } catch {
    return [];
  }
}

function write(courseId: string, list: KeptProposal[]) {
  try {
    window.sessionStorage.setItem(storageKey(courseId), JSON.stringify(list));
  } catch {
    // Storage full or refused: the list still lives in memory for this page.
  }
}

/** The course's kept previews, oldest first. */
export function useKeptProposals(courseId: string) {
  const [list, setList] = useState<KeptProposal[]>(() => read(courseId));
  const update = useCallback(
    (change: (prev: KeptProposal[]) => KeptProposal[]) =>
      setList((prev) => {
        const next = change(prev);
        write(courseId, next);
        return next;
      }),
    [courseId],
  );
  const keep = useCallback(
    (entry: KeptProposal) =>
      update((prev) => {
        const at = prev.findIndex((k) => k.id === entry.id);
        if (at >= 0) return prev.map((k, i) => (i === at ? entry : k));
        return [...prev, entry].slice(-KEPT_MAX);
      }),
    [update],
  );
  const remove = useCallback(
    (id: string) => update((prev) => prev.filter((k) => k.id !== id)),
    [update],
  );
  const clear = useCallback(() => update(() => []), [update]);
  return { list, keep, remove, clear };
}
