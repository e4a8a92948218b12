import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import { createOrganizationDetail } from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Searches are debounced and CI machines are slow: the 1 s default waits too little there.

const SUPERADMIN = { role: 'SUPERADMIN' as const };

async function openCreate() {
  const view = renderApp('/s/organizations/create', { user: SUPERADMIN });
  await screen.findByRole('form', { name: 'Create organization' });
  return view;
}

describe('create organization', () => {
  it('suggests the slug from the name, creates, tells the user and opens the new organization', async () => {
    const created = createOrganizationDetail({
      name: 'Lakeside Institute',
      slug: 'lakeside-institute',
    });
    let sent: unknown;
    server.use(
      http.post(api('/organizations'), async ({ request }) => {
        sent = await request.json();
        return ok(created, { status: 201 });
      }),
    );
    const { user, router } = await openCreate();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Lakeside Institute');
    expect(screen.getByRole('textbox', { name: /^Slug/ })).toHaveValue('lakeside-institute');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Evening courses');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    expect(
      await screen.findByText('Lakeside Institute is ready. Appoint its admins next.'),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'Lakeside Institute',
      slug: 'lakeside-institute',
      description: 'Evening courses',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/s/organizations/${created.id}`),
    );
  });

  it('stops following the name once the slug is edited', async () => {
    const { user } = await openCreate();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    const slug = screen.getByRole('textbox', { name: /^Slug/ });
    await user.type(name, 'Lake');
    await user.clear(slug);
    await user.type(slug, 'lsi');
    await user.type(name, 'side');
    expect(slug).toHaveValue('lsi');
    // Emptying the slug hands it back to the name.
    await user.clear(slug);
    await user.type(name, ' U');
    expect(slug).toHaveValue('lakeside-u');
  });

  it('checks the fields with the shared rules before sending', async () => {
    let posted = false;
    server.use(
      http.post(api('/organizations'), () => {
        posted = true;
        return ok(createOrganizationDetail());
      }),
    );
    const { user } = await openCreate();
    await user.type(screen.getByRole('textbox', { name: /^Slug/ }), 'Bad Slug');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Slug/ })).toHaveAccessibleDescription(
      expect.stringContaining('Lower-case letters, digits and single hyphens only'),
    );
    expect(posted).toBe(false);
  });

  it('shows a taken slug on the slug field', async () => {
    server.use(
      http.post(api('/organizations'), () =>
        fail(409, 'The slug "northfield" is already taken', 'SLUG_TAKEN'),
      ),
    );
    const { user, router } = await openCreate();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Northfield');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    const slug = screen.getByRole('textbox', { name: /^Slug/ });
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription(
      expect.stringContaining('The slug "northfield" is already taken'),
    );
    expect(screen.getByText('Could not create the organization')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/s/organizations/create');
  });

  it('shows server field errors on their fields', async () => {
    server.use(
      http.post(api('/organizations'), () =>
        fail(400, 'Invalid request', 'VALIDATION_ERROR', [
          { path: 'body.description', message: 'Too long for the server' },
        ]),
      ),
    );
    const { user } = await openCreate();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Northfield');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
        'Too long for the server',
      ),
    );
  });

  it('goes back to the list on cancel', async () => {
    const { user, router } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/organizations'));
  });
});
