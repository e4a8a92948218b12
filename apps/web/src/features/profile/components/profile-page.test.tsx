import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useAuthStore } from '@/lib/auth-store';
import { createMyCourse, pageOfItems } from '@/testing/courses-data';
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
  it('shows the profile: name, headline, email, role, visibility, bio, skills and links', async () => {
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
    expect(within(profile).getByText('Frontend developer, accessibility nerd')).toBeInTheDocument();
    expect(within(profile).getByText(/hidden from other students/)).toBeInTheDocument();
    expect(within(profile).getByText('Visible to classmates')).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: 'See it as others do' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/community\/[0-9a-f-]{36}$/),
    );
    // "Looking for a team" is per course now, in its own section.
    expect(within(profile).queryByText(/looking for a team/i)).not.toBeInTheDocument();
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
    await user.paste('Maya L. Chen');
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    await user.clear(bio);
    await user.paste('Backend developer, likes databases');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.click(screen.getByRole('textbox', { name: 'Link 2 label' }));
    await user.paste('Portfolio');
    await user.click(screen.getByRole('textbox', { name: 'Link 2 URL' }));
    await user.paste('https://maya.dev');
    const headline = screen.getByRole('textbox', { name: /Headline/ });
    await user.clear(headline);
    await user.click(headline);
    await user.paste('Databases and APIs');
    await user.click(screen.getByRole('radio', { name: /Everyone in my organizations/ }));
    await user.click(screen.getByRole('switch', { name: /Show my email to other students/ }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(sent).toEqual({
      fullname: 'Maya L. Chen',
      avatar: null,
      headline: 'Databases and APIs',
      bio: 'Backend developer, likes databases',
      skills: ['React', 'TypeScript'],
      links: [
        { label: 'GitHub', url: 'https://github.com/maya' },
        { label: 'Portfolio', url: 'https://maya.dev' },
      ],
      profileVisibility: 'ORGANIZATION',
      showEmail: true,
    });
    expect(await screen.findByText('Backend developer, likes databases')).toBeInTheDocument();
    expect(screen.getByText('Databases and APIs')).toBeInTheDocument();
    expect(screen.getByText('Visible to everyone in my organizations')).toBeInTheDocument();
    expect(screen.getByText(/shown to other students/)).toBeInTheDocument();
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

  it('refuses a headline over 120 characters and more than 15 skills', async () => {
    let saves = 0;
    const fourteen = Array.from({ length: 14 }, (_, i) => `S${i + 1}`);
    server.use(
      http.get(api('/auth/profile'), () => ok(createProfile({ skills: fourteen }))),
      http.patch(api('/auth/profile/update'), () => {
        saves += 1;
        return ok(createProfile());
      }),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const headline = screen.getByRole('textbox', { name: /Headline/ });
    await user.clear(headline);
    await user.paste('x'.repeat(121));
    const skills = screen.getByRole('textbox', { name: /Skills/ });
    // The tags input stops at 15: the 16th is not added.
    await user.type(skills, 'S15,');
    await user.type(skills, 'S16,');
    const form = screen.getByRole('form', { name: 'Edit profile' });
    expect(within(form).getAllByText(/^S\d+$/)).toHaveLength(15);
    expect(within(form).queryByText('S16')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('The headline is at most 120 characters')).toBeInTheDocument();
    expect(saves).toBe(0);
  });

  it('suggests skills from the community while typing', async () => {
    const asked: string[] = [];
    server.use(
      http.get(api('/community/skills'), ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        return ok({ items: q ? [{ skill: 'PostgreSQL', count: 4 }] : [] });
      }),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.type(screen.getByRole('textbox', { name: /Skills/ }), 'pos');
    await user.click(await screen.findByRole('option', { name: 'PostgreSQL' }));
    expect(asked).toContain('pos');
    const form = screen.getByRole('form', { name: 'Edit profile' });
    expect(within(form).getByText('PostgreSQL')).toBeInTheDocument();
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

describe('looking for a team, per course', () => {
  const active = createMyCourse({
    course: { id: '50000000-0000-4000-8000-000000000001', code: 'CS-401', title: 'Project' },
    lookingForTeam: false,
  });
  const looking = createMyCourse({
    course: { id: '50000000-0000-4000-8000-000000000002', code: 'DB-210', title: 'Databases' },
    lookingForTeam: true,
    lookingNote: 'free Tue/Thu',
  });
  const inTeam = createMyCourse({
    course: { code: 'UX-100', title: 'Design' },
    team: { id: '50000000-0000-4000-8000-000000000003', name: 'Pixels' },
  });
  const inactive = createMyCourse({ course: { code: 'OLD-1', title: 'Old' }, status: 'INACTIVE' });

  function serveCourses() {
    const puts: { courseId: string; body: unknown }[] = [];
    server.use(
      http.get(api('/student/my-courses'), () =>
        ok(pageOfItems([active, looking, inTeam, inactive])),
      ),
      http.put(api('/student/courses/:courseId/looking'), async ({ params, request }) => {
        const body = (await request.json()) as { looking: boolean; note: string };
        puts.push({ courseId: String(params.courseId), body });
        return ok({ courseId: String(params.courseId), looking: body.looking, note: body.note });
      }),
    );
    return puts;
  }

  it('offers a switch for each active course without a team, and saves it', async () => {
    const puts = serveCourses();
    const { user } = await openProfile();
    const section = screen.getByRole('region', { name: 'Looking for a team' });
    const switches = await within(section).findAllByRole('switch');
    expect(switches).toHaveLength(2);
    expect(within(section).queryByText(/UX-100/)).not.toBeInTheDocument();
    expect(within(section).queryByText(/OLD-1/)).not.toBeInTheDocument();

    const cs = within(section).getByRole('switch', { name: /CS-401/ });
    expect(cs).not.toBeChecked();
    await user.click(cs);
    await waitFor(() => expect(cs).toBeChecked());
    expect(puts).toEqual([{ courseId: active.course.id, body: { looking: true, note: '' } }]);
    expect(await screen.findByText(/Classmates in CS-401 see that you are looking/)).toBeVisible();
  });

  it('saves a note, and refuses one over 280 characters', async () => {
    const puts = serveCourses();
    const { user } = await openProfile();
    const section = screen.getByRole('region', { name: 'Looking for a team' });
    const note = await within(section).findByRole('textbox', { name: /Note for DB-210/ });
    expect(note).toHaveValue('free Tue/Thu');
    await user.clear(note);
    await user.click(note);
    await user.paste('y'.repeat(281));
    expect(await within(section).findByText('The note is at most 280 characters')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Save note' })).toBeDisabled();
    await user.clear(note);
    await user.type(note, 'frontend, evenings');
    await user.click(within(section).getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { courseId: looking.course.id, body: { looking: true, note: 'frontend, evenings' } },
      ]),
    );
  });

  it('shows a refusal (already in a team) and reads the courses again', async () => {
    let reads = 0;
    server.use(
      http.get(api('/student/my-courses'), () => {
        reads += 1;
        return ok(pageOfItems([active]));
      }),
      http.put(api('/student/courses/:courseId/looking'), () =>
        fail(409, 'You already have a team in this course', 'ALREADY_IN_TEAM'),
      ),
    );
    const { user } = await openProfile();
    const section = screen.getByRole('region', { name: 'Looking for a team' });
    await user.click(await within(section).findByRole('switch', { name: /CS-401/ }));
    expect(await screen.findByText('You already have a team in this course')).toBeVisible();
    await waitFor(() => expect(reads).toBe(2));
  });
});

describe('profile of an admin', () => {
  it('has wording for admins and no student-only choices', async () => {
    server.use(
      http.get(api('/auth/profile'), () =>
        ok(
          createProfile({ role: 'ORG_ADMIN', fullname: 'Ada Admin', email: 'ada@northfield.edu' }),
        ),
      ),
    );
    const { user } = renderApp('/profile', { user: { fullname: 'Ada Admin', role: 'ORG_ADMIN' } });
    await screen.findByRole('heading', { level: 2, name: 'Ada Admin' });
    expect(screen.getByText(/Your details, what you have been up to/)).toBeInTheDocument();
    expect(screen.queryByText(/What other students see/)).not.toBeInTheDocument();
    expect(screen.queryByText(/looking for a team/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/other students/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Looking for a team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See it as others do' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(screen.queryByRole('radio', { name: /Classmates/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Show my email/ })).not.toBeInTheDocument();
  });
});
