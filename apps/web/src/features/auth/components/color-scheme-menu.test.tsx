import { screen, within } from '@testing-library/react';
import { COLOR_SCHEME_STORAGE_KEY } from '@/app/color-scheme';
import { renderApp } from '@/testing/render';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

async function openMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  return screen.findByRole('menu');
}

describe('color scheme choice in the profile menu', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });

  it('offers Light, Dark and Follow system, following the system at first', async () => {
    const { user } = renderApp('/dashboard', { user: { role: 'STUDENT' } });
    const menu = await openMenu(user);
    const radios = within(menu).getAllByRole('menuitemradio');
    expect(radios.map((r) => r.textContent)).toEqual(['Light', 'Dark', 'Follow system']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Follow system' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The test window prefers no dark scheme: following the system means light.
    expect(scheme()).toBe('light');
    expect(within(menu).getByRole('group', { name: 'Theme' })).toBeInTheDocument();
  });

  it('switches to dark at once, keeps the menu open and remembers the choice', async () => {
    const first = renderApp('/dashboard', { user: { role: 'STUDENT' } });
    const menu = await openMenu(first.user);
    await first.user.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(scheme()).toBe('dark');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    // A new visit (a reload) starts dark and shows Dark chosen.
    first.unmount();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    const second = renderApp('/dashboard', { user: { role: 'STUDENT' } });
    await screen.findByRole('heading', { level: 1 });
    expect(scheme()).toBe('dark');
    const again = await openMenu(second.user);
    expect(within(again).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await second.user.click(within(again).getByRole('menuitemradio', { name: 'Follow system' }));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('auto');
    expect(scheme()).toBe('light');
  });

  it('wraps the email only after its @ or a dot', async () => {
    const email = 'maya.chen@student.northfield.edu';
    const { user } = renderApp('/dashboard', { user: { role: 'STUDENT', email } });
    const menu = await openMenu(user);
    const address = within(menu).getByTitle(email);
    expect(address).toHaveTextContent(email);
    // Break opportunities: after "maya.", "chen@", "student.", "northfield.".
    expect(address.querySelectorAll('wbr')).toHaveLength(4);
  });
});
