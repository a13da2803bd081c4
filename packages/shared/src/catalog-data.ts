/**
 * The id of the <script type="application/json"> with the catalogue the server rendered / or /cursos from
 * (decision 096). A module of its own: the public first load imports it (apps/web's catalogue).
 */
export const CATALOG_DATA_ID = "catalog-data";
