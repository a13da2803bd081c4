import "./app/public-styles";
import { MantineProvider } from "@mantine/core";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router";
import { cssVariablesResolver, theme } from "./app/theme";

// A shared link's ?origem= is kept before anything else, on whichever page it lands (decision 093). Its
// code is fetched only when the address carries one: most visits do not (decision 096).
if (/[?&](origem|utm_source)=/.test(window.location.search))
  void import("./lib/arrival-source").then((m) => m.rememberArrivalSource(window.location.search));

// The public pages come with their HTML (/, /cursos and a course's page, rendered per request by the server):
// React adopts it (hydration) instead of drawing it again, so the largest paint is the HTML's, not one
// made after the script ran (LCP, decision 093). Other pages start empty and are rendered as a transition:
// React splits the first render into short tasks, so a slow phone keeps responding.
const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </MantineProvider>
  </StrictMode>
);
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
else startTransition(() => createRoot(container).render(app));
