// Issue 36 (decision 152): the proposal's rules list names each rule with its options and says
// whether the proposal kept it.
import { describe, expect, it } from 'vitest';
import type { FormationCriteria } from '@teamup/shared';
import { ruleStatus, ruleText } from './criteria-summary';

type Rule = FormationCriteria['rules'][number];
const rule = (r: Partial<Rule>): Rule => ({
  questionId: '00000000-0000-4000-8000-000000000001',
  prompt: 'What is your gender?',
  kind: 'DO_NOT_ISOLATE',
  weight: 0,
  options: ['Woman'],
  ...r,
});

describe('the rules of a proposal', () => {
  it('names each rule with its options', () => {
    expect(ruleText(rule({ min: 2 }))).toBe(
      '“What is your gender?”: do not isolate “Woman” (not scored; its rule still applies)',
    );
    expect(ruleText(rule({ min: 3, options: ['Woman', 'Nonbinary'] }))).toBe(
      '“What is your gender?”: at least 3 or none of “Woman”, “Nonbinary” in a team (not scored; its rule still applies)',
    );
    expect(ruleText(rule({ kind: 'NOT_ALL_ONE', options: ['Man'], weight: 2 }))).toBe(
      '“What is your gender?”: no team entirely “Man” (weight 2 scores the answers; the rule applies whatever the weight)',
    );
    expect(ruleText(rule({ kind: 'REQUIRE_MIXED', options: [] }))).toMatch(
      /every team has two or more different answers/,
    );
    expect(ruleText(rule({ kind: 'INCOMPATIBLE', options: ['Lead and Lead 2'] }))).toMatch(
      /never in one team: Lead and Lead 2/,
    );
    expect(
      ruleText(rule({ kind: 'REQUIRED_TEAMMATES', prompt: 'Teammates', mutual: true, weight: 1 })),
    ).toBe(
      '“Teammates”: students who asked for each other share a team (weight 1 scores “would like”; the rule applies whatever the weight)',
    );
  });

  it('says kept, or how many times not', () => {
    expect(ruleStatus(rule({ broken: 0 }))).toBe('kept');
    expect(ruleStatus(rule({ broken: 1 }))).toBe('not kept once');
    expect(ruleStatus(rule({ broken: 3 }))).toBe('not kept 3 times');
    expect(ruleStatus(rule({}))).toBeNull();
  });
});
