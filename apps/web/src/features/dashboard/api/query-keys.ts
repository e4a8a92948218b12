/** Every query key of the dashboard feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  student: () => ['dashboard', 'student'] as const,
};
