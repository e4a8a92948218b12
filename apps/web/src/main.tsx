// First: zod must be told before any schema is built (decision 091).
import './app/zod-config';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { readsSettled } from './app/reads-settled';
import { createAppRouter } from './app/router';
import { forgetEarlyReads } from './lib/early-reads';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The reads a prerendered page's head started are for the app's first round (decision 132): a
 * second after the first commit, when every query of the page has been asked, the answers not
 * taken are dropped, so a later read never gets one that predates a change.
 */
function EarlyReadsEnd() {
  useEffect(() => {
    const timer = setTimeout(forgetEarlyReads, 1000);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

// The first render is a transition: React renders in slices of a few milliseconds and yields to
// the browser between them instead of one long task (Total Blocking Time, decision 100). Until it
// commits, the page shows what the HTML carries: the prerendered landing, login or dashboard page
// (scripts/prerender.mjs), which the first commit replaces with the same markup.
function render() {
  startTransition(() => {
    createRoot(root!).render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
          <EarlyReadsEnd />
        </AppProvider>
      </StrictMode>,
    );
  });
}

// A prerendered page is already on screen, so the router resolves its matches (guards, lazy route
// chunks) and its first reads answer before React renders: the first render is then the page
// itself, with its data, in slices. Rendered first, the router would start loading when it mounts
// and render the page synchronously, in one long task. An empty page renders at once, so the
// route's pending component shows while it loads.
if (root.firstElementChild) {
  router
    .load()
    .then(() => readsSettled(queryClient, 1000))
    .then(render, render);
} else {
  render();
}
