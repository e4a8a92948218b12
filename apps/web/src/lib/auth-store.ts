import type { AuthUser, Profile, ProfileActivityEntry, ProfileStats } from '@teamup/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** SPEC §9: the key the session is persisted under. */
export const AUTH_STORAGE_KEY = 'auth-storage';

/** SPEC §3: fullname, email, avatar, role, token, expiresAt (and the id the server gives). */
export type SessionUser = AuthUser & { token: string };

/** GET /auth/profile/stats and the entries of GET /auth/profile/activity (SPEC §3, §7). */
export type UserStats = ProfileStats;
export type ActivityLog = ProfileActivityEntry;

type PersistedAuthState = {
  user: SessionUser | null;
  isAuthenticated: boolean;
  userProfile: Profile | null;
};

export type AuthState = PersistedAuthState & {
  userStats: UserStats | null;
  activityLogs: ActivityLog[];
  setAuth: (user: AuthUser, token: string, expiresAt?: string) => void;
  updateUser: (patch: Partial<Pick<AuthUser, 'fullname' | 'avatar'>>) => void;
  setProfile: (profile: Profile | null) => void;
  setUserStats: (stats: UserStats | null) => void;
  setActivityLogs: (logs: ActivityLog[]) => void;
  clear: () => void;
};

const initialState = {
  user: null,
  isAuthenticated: false,
  userProfile: null,
  userStats: null,
  activityLogs: [],
} satisfies Partial<AuthState>;

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      ...initialState,
      setAuth: (user, token, expiresAt) =>
        set({
          user: { ...user, token, expiresAt: expiresAt ?? user.expiresAt },
          isAuthenticated: true,
        }),
      updateUser: (patch) => {
        const user = get().user;
        if (user) set({ user: { ...user, ...patch } });
      },
      setProfile: (userProfile) => set({ userProfile }),
      setUserStats: (userStats) => set({ userStats }),
      setActivityLogs: (activityLogs) => set({ activityLogs }),
      clear: () => {
        set(initialState);
        // Remove the key rather than leave an empty session behind (SPEC §4).
        useAuthStore.persist.clearStorage();
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: 0,
      storage: createJSONStorage(() => localStorage),
      // userStats and activityLogs live only in memory (SPEC §3).
      partialize: (state): PersistedAuthState => ({
        user: state.user,
        isAuthenticated: state.isAuthenticated,
        userProfile: state.userProfile,
      }),
    },
  ),
);

/** Milliseconds until the stored access token expires (negative when it already has). */
export function msUntilExpiry(user: Pick<SessionUser, 'expiresAt'>, now = Date.now()): number {
  const at = Date.parse(user.expiresAt);
  return Number.isNaN(at) ? -1 : at - now;
}
