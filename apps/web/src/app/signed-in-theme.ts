import { createTheme } from "@mantine/core";

/**
 * Defaults only the signed-in screens need (dialogs, file fields), applied by their lazy layout so they
 * stay out of the public first load.
 */
export const signedInTheme = createTheme({
  components: {
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Fechar" } } },
    FileInput: { defaultProps: { clearButtonProps: { "aria-label": "Remover ficheiro" } } },
  },
});
