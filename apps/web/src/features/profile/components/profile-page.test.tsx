import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useAuthStore } from '@/lib/auth-store';
import { createProfile, createSession } from '@/testing/data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

async function openProfile() {
  const view = renderApp('/profile', { user: { fullname: 'Maya Chen' } });
  await screen.findByRole('heading', { level: 2, name: 'Maya Chen' });
  return view;
}

describe('profile page', () => {
  it('shows the profile: name, email, role, bio, skills, links and looking-for-team', async () => {
    await openProfile();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('maya.chen@student.northfield.edu')).toBeInTheDocument();
    expect(within(profile).getByText('Student')).toBeInTheDocument();
    expect(
      within(profile).getByText('Frontend developer who likes accessible interfaces.'),
    ).toBeInTheDocument();
    expect(within(profile).getByText('React')).toBeInTheDocument();
    expect(within(profile).getByText('TypeScript')).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: 'GitHub' })).toHaveAttribute(
      'href',
      'https://github.com/maya',
    );
    expect(within(profile).getByText('Looking for a team')).toBeInTheDocument();
  });

  it('edits and saves the profile, then shows the new values everywhere', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.patch(api('/auth/profile/update'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return ok(createProfile({ ...sent }));
      }),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));

    const name = screen.getByRole('textbox', { name: /Full name/ });
    await user.clear(name);
    await user.type(name, 'Maya L. Chen');
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    await user.clear(bio);
    await user.type(bio, 'Backend developer, likes databases');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.type(screen.getByRole('textbox', { name: 'Link 2 label' }), 'Portfolio');
    await user.type(screen.getByRole('textbox', { name: 'Link 2 URL' }), 'https://maya.dev');
    await user.click(screen.getByRole('switch', { name: /Looking for a team/ }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(sent).toEqual({
      fullname: 'Maya L. Chen',
      avatar: null,
      bio: 'Backend developer, likes databases',
      skills: ['React', 'TypeScript'],
      links: [
        { label: 'GitHub', url: 'https://github.com/maya' },
        { label: 'Portfolio', url: 'https://maya.dev' },
      ],
      lookingForTeam: false,
    });
    expect(await screen.findByText('Backend developer, likes databases')).toBeInTheDocument();
    expect(screen.getByText('Not looking for a team')).toBeInTheDocument();
    // The header's account menu follows the new name.
    expect(useAuthStore.getState().user?.fullname).toBe('Maya L. Chen');
    expect(useAuthStore.getState().userProfile?.bio).toBe('Backend developer, likes databases');
  });

  it('checks fields with the shared rules before saving', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.clear(screen.getByRole('textbox', { name: /Full name/ }));
    await user.type(screen.getByRole('textbox', { name: /Avatar URL/ }), 'ftp://nope');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a full http(s) image address')).toBeInTheDocument();
  });

  it('shows the server field errors on their fields', async () => {
    server.use(
      http.patch(api('/auth/profile/update'), () =>
        fail(400, 'Invalid request', 'VALIDATION_ERROR', [
          { path: 'bio', message: 'Bio contains a blocked word' },
          { path: 'links.0.url', message: 'This address is not reachable' },
        ]),
      ),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    const bio = screen.getByRole('textbox', { name: 'Bio' });
    await waitFor(() => expect(bio).toHaveAccessibleDescription('Bio contains a blocked word'));
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Link 1 URL' })).toHaveAccessibleDescription(
      'This address is not reachable',
    );
    // Still editing: nothing was saved.
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeInTheDocument();
  });

  it('shows an error state when the profile cannot be loaded', async () => {
    server.use(
      http.get(api('/auth/profile'), () => fail(500, 'Database unavailable', 'INTERNAL_ERROR')),
    );
    renderApp('/profile', { user: {} });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your profile');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});

describe('sessions', () => {
  it('lists the sessions with device, IP and this device', async () => {
    await openProfile();
    const sessions = screen.getByRole('region', { name: 'Sessions' });
    expect(await within(sessions).findByText('Firefox on macOS')).toBeInTheDocument();
    expect(within(sessions).getByText('This device')).toBeInTheDocument();
    expect(within(sessions).getByText(/198\.51\.100\.4/)).toBeInTheDocument();
    // The current session cannot be signed out from here (Log Out does that).
    expect(within(sessions).getAllByRole('button', { name: /^Sign out/ })).toHaveLength(1);
  });

  it('signs another device out after confirmation', async () => {
    const other = createSession({ device: 'Chrome on Android' });
    let remaining = [createSession({ current: true, device: 'Firefox on macOS' }), other];
    const deleted: string[] = [];
    server.use(
      http.get(api('/auth/session/all'), () => ok(remaining)),
      http.delete(api('/auth/session/:id'), ({ params }) => {
        deleted.push(String(params.id));
        remaining = remaining.filter((s) => s.id !== params.id);
        return ok(null);
      }),
    );
    const { user } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome on Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out device' }));

    expect(await screen.findByText('That device has been signed out.')).toBeInTheDocument();
    expect(deleted).toEqual([other.id]);
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument());
  });

  it('shows an empty state', async () => {
    server.use(http.get(api('/auth/session/all'), () => ok([])));
    await openProfile();
    expect(await screen.findByText('No active sessions.')).toBeInTheDocument();
  });
});
