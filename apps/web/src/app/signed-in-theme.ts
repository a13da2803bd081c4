import { createTheme, defaultVariantColorsResolver, parseThemeColor, type VariantColorsResolver } from "@mantine/core";

/**
 * Mantine draws 'subtle' and 'transparent' text in at most shade 6 whatever shade is asked for, so a
 * subtle `red.9` 'Sair' came out red 6 (3.3:1 on white, under AA). An explicit darker shade is kept.
 */
const keepDarkShades: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== "subtle" && input.variant !== "transparent") return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined || parsed.shade <= 6) return colors;
  return { ...colors, color: `var(--mantine-color-${parsed.color}-${parsed.shade})` };
};

/**
 * Defaults only the signed-in screens need (dialogs, file fields, badges in tables), applied by their lazy layout so they
 * stay out of the public first load.
 */
export const signedInTheme = createTheme({
  variantColorResolver: keepDarkShades,
  components: {
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Fechar" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Fechar menu" } } },
    // A toast's close button has no text; its detail line is Mantine's gray 6 (3.3:1 on white).
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Fechar notificação" } },
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
    FileInput: { defaultProps: { clearButtonProps: { "aria-label": "Remover arquivo" } } },
    // A table squeezes its cells; a badge keeps its whole text ("ENCERRADA") instead of an ellipsis.
    Badge: { styles: { root: { minWidth: "max-content" } } },
  },
});
