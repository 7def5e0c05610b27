import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { pagePartsRunning } from '../lib/page-part';
import { AppProviders } from './providers';

/**
 * Marks the document once the app has rendered or hydrated it, the parts loaded after the page's code included
 * (`html[data-app-ready]`; the journeys wait for it).
 */
function AppReady() {
  useEffect(() => {
    void pagePartsRunning().then(() => {
      document.documentElement.dataset.appReady = '';
    });
  }, []);
  return null;
}

/**
 * The app around its router: the browser (main.tsx) and the server (entry-server.tsx, ADR 019) render this same
 * tree, so the ids React gives elements (useId: labels, aria-labelledby) are the same on both and hydration matches.
 */
export function AppRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
      <AppReady />
    </StrictMode>
  );
}
