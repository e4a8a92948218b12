import type { ActivatedEnrollment } from '@teamup/shared';

/** Every notification text of SPEC §8, word for word. Components and lib use only these. */
export const NOTIFICATION_TEXTS = {
  loginSuccess: { title: 'Login Successful', message: 'Google login successful!' },
  /** Issue 35: a development sign-in is no Google one and says so. */
  devLoginSuccess: { title: 'Signed in', message: 'Signed in with the development sign-in.' },
  loginFailed: { title: 'Login Failed', message: 'Google login failed' },
  loggedOut: { title: 'Logged Out', message: 'You have been logged out successfully.' },
  logoutBackendFailed: {
    title: 'Logout Failed',
    message: 'Backend logout failed, but session cleared.',
  },
  sessionExpired: { title: 'Session Expired', message: 'Please login again.' },
  /** Issue 35: this tab's session ended because another tab signed out. */
  signedOutElsewhere: {
    title: 'Your session ended',
    message: 'You were signed out in another tab. Sign in again to go on.',
  },
  logoutFailed: { title: 'Logout Failed', message: 'Something went wrong while logging out.' },
  profileRedirect: { title: 'Profile', message: 'Redirecting to your profile...' },
  profileSaved: { title: 'Profile saved', message: 'Your profile has been updated.' },
  sessionRevoked: { title: 'Session signed out', message: 'That device has been signed out.' },
} as const;

export const ERROR_MESSAGES = {
  sessionExpired: 'Session expired. Please login again.',
  unexpected: 'An unexpected error occurred',
  invalidToken: 'Invalid token received',
  invalidRefreshToken: 'Invalid refresh token received',
} as const;

export function enrollmentActivatedNotification(enrollments: ActivatedEnrollment[]) {
  const courses = enrollments.map((e) => `${e.courseTitle} (${e.organizationName})`).join(', ');
  return {
    title: enrollments.length === 1 ? 'Enrollment activated' : 'Enrollments activated',
    message: `You now have access to: ${courses}.`,
  };
}
