import { createTheme } from "@mantine/core";

/**
 * Defaults only the signed-in screens need (dialogs, file fields, badges in tables), applied by their lazy layout so they
 * stay out of the public first load.
 */
export const signedInTheme = createTheme({
  components: {
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Fechar" } } },
    FileInput: { defaultProps: { clearButtonProps: { "aria-label": "Remover ficheiro" } } },
    // A table squeezes its cells; a badge keeps its whole text ("ENCERRADA") instead of an ellipsis.
    Badge: { styles: { root: { minWidth: "max-content" } } },
  },
});
