/** Every query key of the email feature (issue 26, decision 133). */
export const emailKeys = {
  all: ['email'] as const,
  preferences: () => ['email', 'preferences'] as const,
  /** What an unsubscribe link would do; per token, since a page may be opened with another. */
  unsubscribe: (token: string) => ['email', 'unsubscribe', token] as const,
  devMail: () => ['email', 'dev-mail'] as const,
  devMailList: (query: { to?: string }) => ['email', 'dev-mail', 'list', query] as const,
  devMailMessage: (id: string) => ['email', 'dev-mail', 'message', id] as const,
  teamlessReminder: (courseId: string) => ['email', 'teamless-reminder', courseId] as const,
};
