/**
 * How this page is shown: in another site's frame (an LMS course page), and whether the browser
 * lets it keep anything in storage there. An object, so tests can replace its methods.
 */
export const embedding = {
  /** True inside a frame; a cross-origin parent that cannot even be compared counts as one. */
  isFramed(): boolean {
    try {
      return window.top !== window.self;
    } catch {
      return true;
    }
  },
  /**
   * Whether localStorage works. Safari (and other browsers set to block third-party storage)
   * throws on any access to it in a cross-site frame; the session could not outlive the page.
   */
  storageAvailable(): boolean {
    try {
      const key = '__teamup_storage_probe';
      window.localStorage.setItem(key, '1');
      window.localStorage.removeItem(key);
      return true;
    } catch {
      return false;
    }
  },
};
