/** Query keys of the LMS (LTI 1.3) pages (issue 28): every key starts with 'lti'. */
export const ltiKeys = {
  all: ['lti'] as const,
  /** GET /admin/lti/platforms: the platforms of every organization I run. */
  platforms: () => ['lti', 'platforms'] as const,
  /** GET /admin/lti/tool: the values to paste into an LMS, for one organization. */
  /** GET /admin/lti/contexts: one organization's LMS courses and the courses they are. */
  contexts: (organizationId: string) => ['lti', 'contexts', organizationId] as const,
  tool: (organizationId: string | undefined) => ['lti', 'tool', organizationId ?? null] as const,
  /** GET /admin/lti/link-events: one organization's account links, unlinks and refusals. */
  linkEvents: (organizationId: string, params: { page: number; limit: number }) =>
    ['lti', 'link-events', organizationId, params] as const,
};

export const ltiSyncPath = (courseId: string) =>
  `/admin/courses/${encodeURIComponent(courseId)}/lti/sync`;
