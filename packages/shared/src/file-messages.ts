/** What people read when a chosen file is refused: the same words in the browser and from the server. */
export const FILE_EMPTY = "O arquivo está vazio";
export const FILE_TOO_LARGE = "Arquivo muito grande. Tamanho máximo: 5MB";
export const DOCUMENT_WRONG_TYPE = "Formato inválido. Use JPEG, PNG, WEBP ou PDF";
