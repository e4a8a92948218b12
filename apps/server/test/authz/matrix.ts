// The authorization matrix: what each kind of caller gets from each operation of the OpenAPI
// document, on the world of world.ts (authorization-matrix.test.ts calls them all). A new
// route fails that test until its row is here; the failure prints the statuses it observed,
// to be checked against the access rules (decision records 012, 015, 017, 042) before pasting.
//
// Columns, in order (world.ts):
//   anonymous   no token
//   outsider    a student of organization B's course (not in course A)
//   classmate   a student of course A without a team, with a pending join request to the
//               team and a pending invitation from it
//   member      a member of the team (not its leader)
//   leader      the team's leader
//   otherAdmin  the admin of organization B
//   admin       the admin of organization A (the course's organization)
//   superadmin
// '2xx' is any success; a number is the exact status. Ids in the URL are the world's (requests.ts).

export type Expected = number | '2xx';
export type Row = readonly [
  anonymous: Expected,
  outsider: Expected,
  classmate: Expected,
  member: Expected,
  leader: Expected,
  otherAdmin: Expected,
  admin: Expected,
  superadmin: Expected,
];

export const MATRIX: Record<string, Row> = {
  getHealthcheck: ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getHealthcheckDetailed: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  postDevIdToken: ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getDevUsers: ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getAuthConfig: ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // The credential sent is not an ID token: refused alike, signed in or not.
  postAuthLoginGoogle: [401, 401, 401, 401, 401, 401, 401, 401],
  // Callers carry bearer tokens and no refresh cookie.
  getAuthRefreshToken: [401, 401, 401, 401, 401, 401, 401, 401],
  postAuthLogout: ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getAuthSessionMe: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getAuthSession: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getAuthSessionAll: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // The id is the leader's own session: nobody else's to end (404, not 403: no oracle).
  deleteAuthSessionById: [401, 404, 404, 404, '2xx', 404, 404, 404],
  getAuthProfile: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  patchAuthProfileUpdate: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getAuthProfileStats: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getAuthProfileActivity: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getOrganizations: [401, 403, 403, 403, 403, '2xx', '2xx', '2xx'],
  postOrganizations: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  putOrganizationsById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  deleteOrganizationsById: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  // Organization A is not deleted: nothing to restore.
  postOrganizationsSuperByIdRestore: [401, 403, 403, 403, 403, 403, 403, 409],
  getOrganizationsSuperList: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  getOrganizationsSuperUsersList: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  getOrganizationsSuperById: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  postOrganizationsSuperByIdAdmin: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  deleteOrganizationsSuperByIdAdmin: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  getOrganizationsAdminMy: [401, 403, 403, 403, 403, '2xx', '2xx', '2xx'],
  getOrganizationsAdminMyById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // B's admin naming organization A: the same 400 as for an organization that does not exist.
  postCourses: [401, 403, 403, 403, 403, 400, '2xx', '2xx'],
  getCourses: [401, 403, 403, 403, 403, '2xx', '2xx', '2xx'],
  getCoursesOrganizationByOrgIdCourses: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getCoursesById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  deleteCoursesById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  patchCoursesByIdUpdate: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // The course is not archived: nothing to restore.
  postCoursesByIdRestore: [401, 403, 403, 403, 403, 404, 409, 409],
  getAdminStudents: [401, 403, 403, 403, 403, '2xx', '2xx', '2xx'],
  getAdminCourseByIdStudents: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  postAdminStudentsManualAdd: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getAdminEnrollmentById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  patchAdminEnrollmentByIdStatus: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  deleteAdminEnrollmentByIdRemove: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getStudentMyCourses: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getStudentCoursesByCourseId: [401, 404, '2xx', '2xx', '2xx', 404, 404, 404],
  getStudentCoursesByCourseIdStudents: [401, 404, '2xx', '2xx', '2xx', 404, 404, 404],
  // Looking for a team: the classmate is teamless; member and leader have a team (409
  // ALREADY_IN_TEAM); admins are not enrolled in the course.
  putStudentCoursesByCourseIdLooking: [401, 404, '2xx', 409, 409, 404, 404, 404],
  postCsvUpload: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getCsvStatusById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getCsvStatusByIdErrorsCsv: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getCsvUploads: [401, 403, 403, 403, 403, '2xx', '2xx', '2xx'],
  getAdminCsvUploads: [401, 403, 403, 403, 403, '2xx', '2xx', '2xx'],
  getCsvCourseByCourseId: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // Member and leader are already in a team of the course; admins do not join teams.
  postStudentCoursesByCourseIdTeams: [401, 404, '2xx', 409, 409, 404, 403, 403],
  getStudentCoursesByCourseIdTeams: [401, 404, '2xx', '2xx', '2xx', 404, '2xx', '2xx'],
  getStudentTeams: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getStudentMeTeams: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getStudentTeamsById: [401, 404, '2xx', '2xx', '2xx', 404, '2xx', '2xx'],
  patchStudentTeamsById: [401, 404, 403, 403, '2xx', 404, '2xx', '2xx'],
  postStudentTeamsByIdDisband: [401, 404, 403, 403, '2xx', 404, '2xx', '2xx'],
  deleteStudentTeamsByTeamIdMembersByMemberId: [401, 404, 403, 403, '2xx', 404, '2xx', '2xx'],
  postStudentTeamsByIdLeave: [401, 404, 403, '2xx', '2xx', 404, 403, 403],
  getStudentTeamsByIdAuditLogs: [401, 404, 403, '2xx', '2xx', 404, '2xx', '2xx'],
  postAdminTeamsByIdMembers: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // Issue 35: the course admin page's Teams section, for the course's staff too.
  getAdminCoursesByCourseIdTeams: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getAdminTeamsById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  deleteAdminTeamsByTeamIdMembersByMemberId: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // The classmate already asked; member and leader are in the team already.
  postStudentTeamsByIdJoinRequests: [401, 404, 409, 409, 409, 404, 403, 403],
  getStudentTeamsByIdJoinRequests: [401, 404, 403, 403, '2xx', 404, '2xx', '2xx'],
  postStudentJoinRequestsByIdWithdraw: [401, 404, '2xx', 403, 403, 404, 403, 403],
  postStudentJoinRequestsByIdAccept: [401, 404, 403, 403, '2xx', 404, 403, 403],
  postStudentJoinRequestsByIdReject: [401, 404, 403, 403, '2xx', 404, 403, 403],
  // The classmate (the one invited) already has a pending invitation.
  postStudentTeamsByIdInvite: [401, 404, 403, 403, 409, 404, 403, 403],
  getStudentTeamsByIdInvitations: [401, 404, 403, 403, '2xx', 404, '2xx', '2xx'],
  getStudentMeInvitations: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  postStudentInvitationsByIdAccept: [401, 404, '2xx', 403, 403, 404, 403, 403],
  postStudentInvitationsByIdReject: [401, 404, '2xx', 403, 403, 404, 403, 403],
  postStudentInvitationsByIdCancel: [401, 404, 403, 403, '2xx', 404, 403, 403],
  postStudentTeamsByIdNotices: [401, 404, 403, '2xx', '2xx', 404, 403, 403],
  getStudentTeamsByIdNotices: [401, 404, 403, '2xx', '2xx', 404, '2xx', '2xx'],
  patchStudentNoticesById: [401, 404, 403, 403, '2xx', 404, 403, 403],
  deleteStudentNoticesById: [401, 404, 403, 403, '2xx', 404, 403, 403],
  // Community (decision 105): the profile is the classmate's (the classmate sees their own);
  // the outsider and organization B's admin may not see them: 404, never 403.
  getCommunitySkills: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getCommunityStudents: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getCommunityStudentsById: [401, 404, '2xx', '2xx', '2xx', 404, '2xx', '2xx'],
  getCommunityStudentsByIdStats: [401, 404, '2xx', '2xx', '2xx', 404, '2xx', '2xx'],
  getCommunityStudentsByIdActivity: [401, 404, '2xx', '2xx', '2xx', 404, '2xx', '2xx'],
  // Issue 13: student dashboard (rows below this line).
  // The dashboard is the student's home only (admins have theirs): 403 for other roles.
  getStudentDashboard: [401, '2xx', '2xx', '2xx', '2xx', 403, 403, 403],
  // Marking a board seen needs a seat in the team: 404 for everyone else, as for no team.
  postStudentTeamsByIdNoticesSeen: [401, 404, 404, '2xx', '2xx', 404, 404, 404],
  // Issue 13: admin dashboard (rows below this line).
  // With organizationId=A (requests.ts): B's admin gets 404, as for A's other objects.
  getAdminDashboardStats: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getAdminDashboardStatsCsv: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // Issue 13: analytics (rows below this line).
  // System Analytics (decision 109): the superadmin's only.
  getAnalyticsOverview: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  getAnalyticsUsage: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  // Issue 13: health and metrics (rows below this line).
  // Issue 14: notifications (rows below this line).
  // Every signed-in caller reads and changes their own notifications and preferences.
  getNotifications: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getNotificationsUnreadCount: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // The id is the leader's notification: nobody else's (404, not 403: no oracle).
  postNotificationsByIdRead: [401, 404, 404, 404, '2xx', 404, 404, 404],
  postNotificationsReadAll: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getNotificationsPreferences: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  putNotificationsPreferences: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // Issue 14: live stream (rows below this line).
  // Any signed-in caller gets their own stream (an injected call: the opening, then the end).
  getEvents: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // Issue 15: formation (rows below this line).
  // Admins of the course's organization (decisions 115, 116); B's admin gets A's 404. Apply
  // with a made-up fingerprint (requests.ts) is a stale proposal for the admins: 409.
  postAdminCoursesByCourseIdFormationPreview: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  postAdminCoursesByCourseIdFormationApply: [401, 403, 403, 403, 403, 404, 409, 409],
  // Issue 36: scoring an edited proposal changes nothing; the made-up fingerprint is stale (409).
  postAdminCoursesByCourseIdFormationEvaluate: [401, 403, 403, 403, 403, 404, 409, 409],
  // Issue 15: health, export and history (rows below this line).
  getAdminCoursesByCourseIdHealth: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // The world's team is flagged INACTIVE (its members' sessions are written, never signed in),
  // so the nudge goes through; a team without flags answers 409 NOTHING_TO_NUDGE.
  postAdminTeamsByIdNudge: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getAdminCoursesByCourseIdTeamsCsv: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // As GET /student/courses/{courseId}: not enrolled (admins included) is 404.
  getStudentCoursesByCourseIdTeamHistory: [401, 404, '2xx', '2xx', '2xx', 404, 404, 404],
  getAdminCoursesByCourseIdStudentsByUserIdTeamHistory: [
    401,
    403,
    403,
    403,
    403,
    404,
    '2xx',
    '2xx',
  ],
  // Issue 15: waitlist (rows below this line).
  // Issue 26: email (rows below this line).
  // Every signed-in caller reads and sets their own email preferences and time zone.
  getProfileEmailPreferences: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  putProfileEmailPreferences: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  putProfileTimeZone: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // The unsubscribe link's signed token is the credential (RFC 8058: no session); a forged or
  // expired one is 400 INVALID_UNSUBSCRIBE_TOKEN (delivery.test.ts).
  getEmailUnsubscribe: ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  postEmailUnsubscribe: ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // Admins of the course's organization; B's admin gets A's 404. The world's classmate has no
  // team, so the reminder goes out.
  getAdminCoursesByCourseIdRemindersTeamless: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  postAdminCoursesByCourseIdRemindersTeamless: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // The development mailbox exists only where the development sign-in is on (as the tests run):
  // public, like GET /dev/users. The world holds no message: 404 for everyone.
  getDevMail: ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  getDevMailById: [404, 404, 404, 404, 404, 404, 404, 404],
  // Issue 27: survey (rows below this line).
  // Admins of the course's organization; B's admin gets A's 404, students 403.
  getAdminCoursesByCourseIdSurvey: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  putAdminCoursesByCourseIdSurvey: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getAdminCoursesByCourseIdSurveyResponses: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getAdminCoursesByCourseIdSurveyResponsesCsv: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // The world's course has no survey: nothing open to remind of (409 SURVEY_NOT_OPEN).
  postAdminCoursesByCourseIdSurveyRemind: [401, 403, 403, 403, 403, 404, 409, 409],
  // As GET /student/courses/{courseId}: not enrolled (admins included) is 404.
  getStudentCoursesByCourseIdSurvey: [401, 404, '2xx', '2xx', '2xx', 404, 404, 404],
  // Enrolled students get 409 SURVEY_NOT_OPEN (the world's course has no survey).
  putStudentCoursesByCourseIdSurveyResponse: [401, 404, 409, 409, 409, 404, 404, 404],
  // Issue 28: course staff. Students are refused before anything; B's admin gets 404.
  getAdminCoursesByCourseIdStaff: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  postAdminCoursesByCourseIdStaff: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  deleteAdminCoursesByCourseIdStaffByStaffId: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // Anyone signed in: an empty list for whoever teaches nothing.
  getStaffCourses: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // Issue 28: LTI. An unknown one-time code is 401 for everyone (the code is the credential).
  postAuthLoginLti: [401, 401, 401, 401, 401, 401, 401, 401],
  // B's admin: their own (empty) list; 404 for A's organization or platform.
  getAdminLtiPlatforms: [401, 403, 403, 403, 403, '2xx', '2xx', '2xx'],
  postAdminLtiPlatforms: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  deleteAdminLtiPlatformsById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  patchAdminLtiPlatformsById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  getAdminLtiTool: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // The world's course is not linked to an LMS course: 409 NO_LMS_ROSTER.
  postAdminCoursesByCourseIdLtiSync: [401, 403, 403, 403, 403, 404, 409, 409],
  // Organization A's LMS courses: B's admin asking for A's organization, or linking A's: 404.
  getAdminLtiContexts: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  putAdminLtiContextsById: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
  // Issue 34 (decision 141): email domains are the superadmin's; linked LMS accounts are each
  // person's own (the identity is the leader's: nobody else's to unlink, 404 as for sessions);
  // the link's credential is not an ID token: 401 alike; link events are the organization's.
  putOrganizationsSuperByIdDomains: [401, 403, 403, 403, 403, 403, 403, '2xx'],
  getProfileIdentities: [401, '2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  postProfileIdentitiesLink: [401, 401, 401, 401, 401, 401, 401, 401],
  deleteProfileIdentitiesById: [401, 404, 404, 404, '2xx', 404, 404, 404],
  getAdminLtiLinkEvents: [401, 403, 403, 403, 403, 404, '2xx', '2xx'],
};

// The course staff columns (issue 28, decision 137), in order (world.ts): an instructor of the
// course A, a teaching assistant of course A, and an instructor of organization B's course.
// None is enrolled anywhere or administers an organization. Course A's admin calls answer them
// as they answer its admin, but for the instructor-only ones (settings, deletion, restore) and
// the organization admin's own (appointing staff), which refuse the assistant (403); another
// course's staff get 403 where an admin of another organization gets 404.
export type StaffRow = readonly [instructor: Expected, assistant: Expected, otherStaff: Expected];

export const STAFF_MATRIX: Record<string, StaffRow> = {
  getHealthcheck: ['2xx', '2xx', '2xx'],
  getHealthcheckDetailed: [403, 403, 403],
  postDevIdToken: ['2xx', '2xx', '2xx'],
  getDevUsers: ['2xx', '2xx', '2xx'],
  getAuthConfig: ['2xx', '2xx', '2xx'],
  postAuthLoginGoogle: [401, 401, 401],
  getAuthRefreshToken: [401, 401, 401],
  postAuthLogout: ['2xx', '2xx', '2xx'],
  getAuthSessionMe: ['2xx', '2xx', '2xx'],
  getAuthSession: ['2xx', '2xx', '2xx'],
  getAuthSessionAll: ['2xx', '2xx', '2xx'],
  deleteAuthSessionById: [404, 404, 404],
  getAuthProfile: ['2xx', '2xx', '2xx'],
  patchAuthProfileUpdate: ['2xx', '2xx', '2xx'],
  getAuthProfileStats: ['2xx', '2xx', '2xx'],
  getAuthProfileActivity: ['2xx', '2xx', '2xx'],
  getOrganizations: [403, 403, 403],
  postOrganizations: [403, 403, 403],
  putOrganizationsById: [403, 403, 403],
  deleteOrganizationsById: [403, 403, 403],
  postOrganizationsSuperByIdRestore: [403, 403, 403],
  getOrganizationsSuperList: [403, 403, 403],
  getOrganizationsSuperUsersList: [403, 403, 403],
  getOrganizationsSuperById: [403, 403, 403],
  postOrganizationsSuperByIdAdmin: [403, 403, 403],
  deleteOrganizationsSuperByIdAdmin: [403, 403, 403],
  getOrganizationsAdminMy: [403, 403, 403],
  getOrganizationsAdminMyById: [403, 403, 403],
  postCourses: [403, 403, 403],
  getCourses: [403, 403, 403],
  getCoursesOrganizationByOrgIdCourses: [403, 403, 403],
  getCoursesById: ['2xx', '2xx', 403],
  // Instructor-only (settings, deletion, restore): the assistant is refused.
  deleteCoursesById: ['2xx', 403, 403],
  patchCoursesByIdUpdate: ['2xx', 403, 403],
  postCoursesByIdRestore: [409, 403, 403],
  getAdminStudents: ['2xx', '2xx', '2xx'],
  getAdminCourseByIdStudents: ['2xx', '2xx', 403],
  postAdminStudentsManualAdd: ['2xx', '2xx', 403],
  getAdminEnrollmentById: ['2xx', '2xx', 403],
  patchAdminEnrollmentByIdStatus: ['2xx', '2xx', 403],
  deleteAdminEnrollmentByIdRemove: ['2xx', '2xx', 403],
  getStudentMyCourses: ['2xx', '2xx', '2xx'],
  getStudentCoursesByCourseId: [404, 404, 404],
  getStudentCoursesByCourseIdStudents: [404, 404, 404],
  putStudentCoursesByCourseIdLooking: [404, 404, 404],
  postCsvUpload: ['2xx', '2xx', 403],
  getCsvStatusById: ['2xx', '2xx', 403],
  getCsvStatusByIdErrorsCsv: ['2xx', '2xx', 403],
  getCsvUploads: ['2xx', '2xx', '2xx'],
  getAdminCsvUploads: ['2xx', '2xx', '2xx'],
  getCsvCourseByCourseId: ['2xx', '2xx', 403],
  postStudentCoursesByCourseIdTeams: [404, 404, 404],
  getStudentCoursesByCourseIdTeams: [404, 404, 404],
  getStudentTeams: ['2xx', '2xx', '2xx'],
  getStudentMeTeams: ['2xx', '2xx', '2xx'],
  getStudentTeamsById: [404, 404, 404],
  patchStudentTeamsById: [404, 404, 404],
  postStudentTeamsByIdDisband: [404, 404, 404],
  deleteStudentTeamsByTeamIdMembersByMemberId: [404, 404, 404],
  postStudentTeamsByIdLeave: [404, 404, 404],
  getStudentTeamsByIdAuditLogs: [404, 404, 404],
  postAdminTeamsByIdMembers: ['2xx', '2xx', 403],
  getAdminCoursesByCourseIdTeams: ['2xx', '2xx', 403],
  getAdminTeamsById: ['2xx', '2xx', 403],
  deleteAdminTeamsByTeamIdMembersByMemberId: ['2xx', '2xx', 403],
  postStudentTeamsByIdJoinRequests: [404, 404, 404],
  getStudentTeamsByIdJoinRequests: [404, 404, 404],
  postStudentJoinRequestsByIdWithdraw: [404, 404, 404],
  postStudentJoinRequestsByIdAccept: [404, 404, 404],
  postStudentJoinRequestsByIdReject: [404, 404, 404],
  postStudentTeamsByIdInvite: [404, 404, 404],
  getStudentTeamsByIdInvitations: [404, 404, 404],
  getStudentMeInvitations: ['2xx', '2xx', '2xx'],
  postStudentInvitationsByIdAccept: [404, 404, 404],
  postStudentInvitationsByIdReject: [404, 404, 404],
  postStudentInvitationsByIdCancel: [404, 404, 404],
  postStudentTeamsByIdNotices: [404, 404, 404],
  getStudentTeamsByIdNotices: [404, 404, 404],
  patchStudentNoticesById: [404, 404, 404],
  deleteStudentNoticesById: [404, 404, 404],
  getCommunitySkills: ['2xx', '2xx', '2xx'],
  getCommunityStudents: ['2xx', '2xx', '2xx'],
  getCommunityStudentsById: [404, 404, 404],
  getCommunityStudentsByIdStats: [404, 404, 404],
  getCommunityStudentsByIdActivity: [404, 404, 404],
  getStudentDashboard: ['2xx', '2xx', '2xx'],
  postStudentTeamsByIdNoticesSeen: [404, 404, 404],
  // The world's query names organization A: outside another course's staff, as for B's admin.
  getAdminDashboardStats: ['2xx', '2xx', 404],
  getAdminDashboardStatsCsv: ['2xx', '2xx', 404],
  getAnalyticsOverview: [403, 403, 403],
  getAnalyticsUsage: [403, 403, 403],
  getNotifications: ['2xx', '2xx', '2xx'],
  getNotificationsUnreadCount: ['2xx', '2xx', '2xx'],
  postNotificationsByIdRead: [404, 404, 404],
  postNotificationsReadAll: ['2xx', '2xx', '2xx'],
  getNotificationsPreferences: ['2xx', '2xx', '2xx'],
  putNotificationsPreferences: ['2xx', '2xx', '2xx'],
  getEvents: ['2xx', '2xx', '2xx'],
  postAdminCoursesByCourseIdFormationPreview: ['2xx', '2xx', 403],
  postAdminCoursesByCourseIdFormationApply: [409, 409, 403],
  postAdminCoursesByCourseIdFormationEvaluate: [409, 409, 403],
  getAdminCoursesByCourseIdHealth: ['2xx', '2xx', 403],
  postAdminTeamsByIdNudge: ['2xx', '2xx', 403],
  getAdminCoursesByCourseIdTeamsCsv: ['2xx', '2xx', 403],
  getStudentCoursesByCourseIdTeamHistory: [404, 404, 404],
  getAdminCoursesByCourseIdStudentsByUserIdTeamHistory: ['2xx', '2xx', 403],
  getProfileEmailPreferences: ['2xx', '2xx', '2xx'],
  putProfileEmailPreferences: ['2xx', '2xx', '2xx'],
  putProfileTimeZone: ['2xx', '2xx', '2xx'],
  getEmailUnsubscribe: ['2xx', '2xx', '2xx'],
  postEmailUnsubscribe: ['2xx', '2xx', '2xx'],
  getAdminCoursesByCourseIdRemindersTeamless: ['2xx', '2xx', 403],
  postAdminCoursesByCourseIdRemindersTeamless: ['2xx', '2xx', 403],
  getDevMail: ['2xx', '2xx', '2xx'],
  getDevMailById: [404, 404, 404],
  getAdminCoursesByCourseIdSurvey: ['2xx', '2xx', 403],
  putAdminCoursesByCourseIdSurvey: ['2xx', '2xx', 403],
  getAdminCoursesByCourseIdSurveyResponses: ['2xx', '2xx', 403],
  getAdminCoursesByCourseIdSurveyResponsesCsv: ['2xx', '2xx', 403],
  postAdminCoursesByCourseIdSurveyRemind: [409, 409, 403],
  getStudentCoursesByCourseIdSurvey: [404, 404, 404],
  putStudentCoursesByCourseIdSurveyResponse: [404, 404, 404],
  getAdminCoursesByCourseIdStaff: ['2xx', '2xx', 403],
  // Appointing and removing staff is the organization admin's (403 for every staff member).
  postAdminCoursesByCourseIdStaff: [403, 403, 403],
  deleteAdminCoursesByCourseIdStaffByStaffId: [403, 403, 403],
  getStaffCourses: ['2xx', '2xx', '2xx'],
  postAuthLoginLti: [401, 401, 401],
  // Registering LMS platforms is the organization admin's.
  getAdminLtiPlatforms: [403, 403, 403],
  postAdminLtiPlatforms: [403, 403, 403],
  deleteAdminLtiPlatformsById: [403, 403, 403],
  patchAdminLtiPlatformsById: [403, 403, 403],
  getAdminLtiTool: [403, 403, 403],
  postAdminCoursesByCourseIdLtiSync: [409, 409, 403],
  // Linking LMS courses is the organization admin's.
  getAdminLtiContexts: [403, 403, 403],
  putAdminLtiContextsById: [403, 403, 403],
  putOrganizationsSuperByIdDomains: [403, 403, 403],
  getProfileIdentities: ['2xx', '2xx', '2xx'],
  postProfileIdentitiesLink: [401, 401, 401],
  deleteProfileIdentitiesById: [404, 404, 404],
  getAdminLtiLinkEvents: [403, 403, 403],
};
