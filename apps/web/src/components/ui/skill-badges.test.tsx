import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SkillBadges } from './skill-badges';

describe('SkillBadges', () => {
  it('lists the highlighted skills first, with what the mark means for screen readers', () => {
    renderWithProviders(<SkillBadges skills={['Go', 'PostgreSQL']} highlighted={['postgresql']} />);
    const items = within(screen.getByRole('list', { name: 'Skills' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['PostgreSQL (matches)', 'Go']);
  });

  it('shows at most `max`, never hiding a highlighted skill, and counts the rest', () => {
    renderWithProviders(
      <SkillBadges
        skills={['A', 'B', 'C', 'D', 'E']}
        highlighted={['D', 'E']}
        max={1}
        highlightedNote=" (your team wants it)"
        list={false}
      />,
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByText('D')).toHaveTextContent('D (your team wants it)');
    expect(screen.getByText('E')).toBeInTheDocument();
    expect(screen.queryByText('A')).not.toBeInTheDocument();
    expect(screen.getByText('+3 more')).toBeInTheDocument();
  });

  it('says the empty text when there is no skill, and nothing without one', () => {
    const { unmount } = renderWithProviders(<SkillBadges skills={[]} empty="No skills listed" />);
    expect(screen.getByText('No skills listed')).toBeInTheDocument();
    unmount();
    renderWithProviders(<SkillBadges skills={[]} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('paragraph')).not.toBeInTheDocument();
  });
});
