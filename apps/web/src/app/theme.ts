import { type CSSVariablesResolver, createTheme } from "@mantine/core";

/** Blue shade 8 and a darker 'dimmed' keep text and filled buttons above WCAG AA contrast. */
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: 8,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  defaultRadius: "md",
  // A phone set to reduce motion (a vestibular disorder, or a slow device) opens dialogs without a fade.
  respectReducedMotion: true,
  components: {
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { "aria-label": "Mostrar ou ocultar senha" } } },
    // Light alert titles in their own colour (e.g. yellow on pale yellow) fall below AA contrast.
    Alert: { styles: { title: { color: "var(--mantine-color-text)" } } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's placeholder grey (#adb5bd) is 2.1:1 on white; #6c757d is 4.7:1 and still reads as a hint.
  light: {
    "--mantine-color-dimmed": "#495057",
    "--mantine-color-anchor": "#1864ab",
    "--mantine-color-placeholder": "#6c757d",
    // Field error text: Mantine's red.6 is 3.3:1 on white; red.9 is 6.5:1.
    "--mantine-color-error": "#c92a2a",
    // A hovered 'light' button or active sidebar item: Mantine puts blue.9 text on blue.2 (#a5d8ff), 4.0:1.
    // A step between blue.1 and blue.2 keeps a visible hover at 4.6:1 (a hex: older phones lack color-mix).
    "--mantine-color-blue-light-hover": "#c1e4ff",
  },
  dark: {},
});
