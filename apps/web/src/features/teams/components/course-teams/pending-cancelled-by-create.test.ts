import { pendingCancelledByCreate } from './pending-cancelled-by-create';

const named = (...names: string[]) => names.map((teamName) => ({ teamName }));

describe('pendingCancelledByCreate', () => {
  it('says nothing when nothing is pending', () => {
    expect(pendingCancelledByCreate([], [])).toBeNull();
  });

  it('names the request and the invitation it cancels', () => {
    expect(pendingCancelledByCreate(named('Byte Club'), named('Null Pointers'))).toBe(
      'Creating this team withdraws your request to Byte Club and declines the invitation from Null Pointers.',
    );
  });

  it('names every team, in plural, when there are several', () => {
    expect(pendingCancelledByCreate(named('Byte Club', 'Night Owls', 'Pixel Pushers'), [])).toBe(
      'Creating this team withdraws your requests to Byte Club, Night Owls, and Pixel Pushers.',
    );
    expect(pendingCancelledByCreate([], named('Null Pointers', 'Byte Club'))).toBe(
      'Creating this team declines the invitations from Null Pointers and Byte Club.',
    );
  });
});
