import "../signed-in-styles";
import { MantineThemeProvider } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { CrowdWaitNotice } from "../../components/crowd-wait-notice";
import { PHONE_QUERY } from "../../lib/media";
import { queryClient } from "../../lib/query-client";
import { signedInTheme } from "../signed-in-theme";
import classes from "./toast-layout.module.css";

/**
 * Screens with forms, toasts and server state (TanStack Query). Loaded lazily so the public first load
 * carries none of them; the public pages read the catalogue with a small loader of their own.
 */
export function Component() {
  // On a phone a toast at the top covers the header ('Sair', the menu) for its 6 s; at the bottom it
  // covers only content, which scrolls (decision 025).
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <MantineThemeProvider theme={signedInTheme}>
      <QueryClientProvider client={queryClient}>
        {/* Mantine cuts a toast at 200 px: the reset-password one (code, password, copy and WhatsApp) is taller. */}
        <Notifications
          position={phone ? "bottom-center" : "top-center"}
          limit={3}
          notificationMaxHeight={420}
          classNames={phone ? { root: classes.passThrough } : undefined}
        />
        {/* A request waiting out a crowd of sign-ins (decision 090): its countdown, over any screen. */}
        <CrowdWaitNotice />
        <Outlet />
      </QueryClientProvider>
    </MantineThemeProvider>
  );
}
