import "./app/public-styles";
import { MantineProvider } from "@mantine/core";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router";
import { cssVariablesResolver, theme } from "./app/theme";

// Rendered as a transition: React splits the first render into short tasks, so a slow phone keeps
// responding (and the page prerendered into #root stays on screen until the app replaces it).
const root = createRoot(document.getElementById("root")!);
startTransition(() => {
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </MantineProvider>
    </StrictMode>,
  );
});
