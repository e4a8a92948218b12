import { createTeamSummary } from '@/testing/teams-data';
import { splitMatchingTeams } from './split-matching-teams';

// Issue 24: the course page lists each team once, "Teams that want your skills" or the others.
describe('splitMatchingTeams', () => {
  const owls = createTeamSummary({ name: 'Night Owls', matchedSkills: ['React', 'SQL'] });
  const crafters = createTeamSummary({ name: 'Query Crafters', matchedSkills: ['SQL'] });
  const byte = createTeamSummary({ name: 'Byte Club', matchedSkills: [] });
  const names = (teams: { name: string }[]) => teams.map((t) => t.name);

  it('sets apart the teams wanting some of my skills, in order, and keeps each team once', () => {
    const { matching, others } = splitMatchingTeams([owls, crafters, byte], true);
    expect(names(matching)).toEqual(['Night Owls', 'Query Crafters']);
    expect(names(others)).toEqual(['Byte Club']);
    const ids = [...matching, ...others].map((t) => t.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('sets nothing apart when the page shows no such section', () => {
    expect(splitMatchingTeams([owls, byte], false)).toEqual({ matching: [], others: [owls, byte] });
  });

  it('leaves the list whole when no team wants my skills', () => {
    expect(splitMatchingTeams([byte], true)).toEqual({ matching: [], others: [byte] });
  });
});
