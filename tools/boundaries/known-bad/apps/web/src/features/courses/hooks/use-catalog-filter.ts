export const useCatalogFilter = () => "";
