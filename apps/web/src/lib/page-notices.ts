import { create } from 'zustand';

/**
 * Notices shown at the top of the page, in its flow (issue 35): what a sign-in says ("Signed in",
 * "Enrollments activated") pushes the page down instead of lying over its first cards the way a
 * toast does. A notice leaves when its reader closes it or, unless it is `sticky`, when they go
 * to another page.
 */
export type PageNotice = {
  id: string;
  title: string;
  message: string;
  color: 'teal' | 'blue';
  /** Stays across pages until closed (news the reader may have waited for). */
  sticky?: boolean;
};

type PageNoticesState = {
  notices: PageNotice[];
  /** Shows a notice; one with the same id is replaced. */
  show: (notice: PageNotice) => void;
  close: (id: string) => void;
  /** Closes the notices that do not stay across pages. */
  leavePage: () => void;
  clear: () => void;
};

export const usePageNotices = create<PageNoticesState>()((set) => ({
  notices: [],
  show: (notice) =>
    set((s) => ({ notices: [...s.notices.filter((n) => n.id !== notice.id), notice] })),
  close: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  leavePage: () => set((s) => ({ notices: s.notices.filter((n) => n.sticky) })),
  clear: () => set({ notices: [] }),
}));
