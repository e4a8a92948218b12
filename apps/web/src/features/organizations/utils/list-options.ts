// Not in the page components: the routes' loaders and search schemas read them, and those load
// with the app's entry (decision 091).

/** Courses per page on an organization's page (admin's and superadmin's). */
export const ORGANIZATION_COURSES_PAGE_SIZE = 10;

/** Organizations per page on the admin's organization list. */
export const MY_ORGANIZATIONS_PAGE_SIZE = 12;

/** Organizations per page on the superadmin's organization list. */
export const SUPER_ORGANIZATIONS_PAGE_SIZE = 20;

/** The tabs of the superadmin's organization page, as the URL names them. */
export const SUPER_ORGANIZATION_TABS = ['overview', 'users'] as const;
export type SuperOrganizationTab = (typeof SUPER_ORGANIZATION_TABS)[number];
