import { MantineProvider, MantineThemeProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { signedInTheme } from "../app/signed-in-theme";
import { theme } from "../app/theme";

/**
 * Renders a screen inside the app's providers and a memory router at `path`. Pass a `client`
 * holding the data a screen reads (setQueryData, staleTime Infinity) to show it without a server.
 */
export function renderAt(
  element: ReactNode,
  path = "/",
  routePath = "*",
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <MantineProvider theme={theme} env="test">
      <MantineThemeProvider theme={signedInTheme}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={routePath} element={element} />
              <Route path="/" element={<p>Início</p>} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineThemeProvider>
    </MantineProvider>,
  );
}
