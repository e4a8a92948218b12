/** Every query key of the notifications feature: the stream invalidates `notificationKeys.all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: { unread?: boolean } = {}) => ['notifications', 'list', query] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
};

/** Items per page of the bell's list ("Load more" asks for the next). */
export const NOTIFICATIONS_PAGE_SIZE = 10;
