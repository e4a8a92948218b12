import { createAuthUser, createProfile, createToken } from '@/testing/data';
import { createActivityEntry, createProfileStats } from '@/testing/profile-data';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth-store';

function persisted() {
  const raw = localStorage.getItem(AUTH_STORAGE_KEY);
  return raw === null
    ? null
    : (JSON.parse(raw) as { state: Record<string, unknown>; version: number });
}

describe('auth store', () => {
  it("persists user, isAuthenticated and userProfile under 'auth-storage'", () => {
    const user = createAuthUser();
    const token = createToken();
    const profile = createProfile();
    useAuthStore.getState().setAuth(user, token);
    useAuthStore.getState().setProfile(profile);

    expect(AUTH_STORAGE_KEY).toBe('auth-storage');
    expect(persisted()).toEqual({
      state: { user: { ...user, token }, isAuthenticated: true, userProfile: profile },
      version: 0,
    });
  });

  it('keeps userStats and activityLogs in memory only', () => {
    useAuthStore.getState().setAuth(createAuthUser(), createToken());
    const stats = createProfileStats();
    useAuthStore.getState().setUserStats(stats);
    useAuthStore.getState().setActivityLogs([createActivityEntry()]);

    expect(useAuthStore.getState().userStats).toEqual(stats);
    expect(useAuthStore.getState().activityLogs).toHaveLength(1);
    const state = persisted()?.state ?? {};
    expect(state).not.toHaveProperty('userStats');
    expect(state).not.toHaveProperty('activityLogs');
  });

  it('clear() empties the state and removes the persisted key', () => {
    useAuthStore.getState().setAuth(createAuthUser(), createToken());
    useAuthStore.getState().setProfile(createProfile());
    useAuthStore.getState().setUserStats(createProfileStats());
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();

    useAuthStore.getState().clear();

    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      isAuthenticated: false,
      userProfile: null,
      userStats: null,
      activityLogs: [],
    });
  });

  it('uses the validated expiry over the one in the user object when given', () => {
    useAuthStore.getState().setAuth(createAuthUser(), createToken(), '2030-01-01T00:00:00.000Z');
    expect(useAuthStore.getState().user?.expiresAt).toBe('2030-01-01T00:00:00.000Z');
  });

  it('rehydrates a session written by another tab', async () => {
    const user = { ...createAuthUser({ fullname: 'From Another Tab' }), token: createToken() };
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ state: { user, isAuthenticated: true, userProfile: null }, version: 0 }),
    );
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().user?.fullname).toBe('From Another Tab');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });
});
