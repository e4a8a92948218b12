// Runs before the app's bundle so the first paint already has the remembered or system color
// scheme (no light flash in the dark scheme). An external file because the CSP allows only
// 'self' scripts. The key and values are Mantine's localStorage color scheme manager's, set up in
// src/app/color-scheme.ts (decision 085); anything else means "follow the system".
/* global window, document */
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('teamup-color-scheme');
  } catch {
    // No storage (private mode, blocked site data): follow the system.
  }
  var scheme =
    stored === 'light' || stored === 'dark'
      ? stored
      : window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
