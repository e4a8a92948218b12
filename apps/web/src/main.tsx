// First: zod must be told before any schema is built (decision 091).
import './app/zod-config';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render is a transition: React renders in slices of a few milliseconds and yields to
// the browser between them instead of one long task (Total Blocking Time, decision 100). Until it
// commits, the page shows what the HTML carries: the prerendered landing or login page
// (scripts/prerender.mjs), which the first commit replaces with the same markup.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
