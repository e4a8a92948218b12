import { render, screen } from '@testing-library/react';
import { TimeAgo } from './time-ago';

describe('TimeAgo', () => {
  it('says how long ago, with the date and time on hover and in dateTime', () => {
    const iso = new Date(Date.now() - 2 * 24 * 3_600_000 - 60_000).toISOString();
    render(<TimeAgo iso={iso} />);
    const time = screen.getByText('2 days ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', iso);
    expect(time.getAttribute('title')).toMatch(/\d{4}/);
  });
});
