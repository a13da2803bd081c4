import "../signed-in-styles";
import { MantineThemeProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Outlet } from "react-router";
import { CrowdWaitNotice } from "../../components/crowd-wait-notice";
import { queryClient } from "../../lib/query-client";
import { signedInTheme } from "../signed-in-theme";

/**
 * Mantine's toast container (its transitions and timers: ~12 KB gzip) is fetched when the first toast is
 * shown: until then nothing is on screen that needs it. A toast shown meanwhile waits in Mantine's store
 * and appears with the container (decision 091).
 */
const LazyToasts = lazy(() => import("./toasts"));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToasts />
    </Suspense>
  ) : null;
}

/**
 * Screens with forms, toasts and server state (TanStack Query). Loaded lazily so the public first load
 * carries none of them; the public pages read the catalogue with a small loader of their own.
 */
export function Component() {
  return (
    <MantineThemeProvider theme={signedInTheme}>
      <QueryClientProvider client={queryClient}>
        <Toasts />
        {/* A request waiting out a crowd of sign-ins (decision 090): its countdown, over any screen. */}
        <CrowdWaitNotice />
        <Outlet />
      </QueryClientProvider>
    </MantineThemeProvider>
  );
}
