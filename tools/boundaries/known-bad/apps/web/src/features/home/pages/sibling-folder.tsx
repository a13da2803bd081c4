// expect: feature-to-feature-only-api
// A new sibling folder (hooks/) of another feature: the string rule listed only components/, pages/, logic/.
import { useCatalogFilter } from "../../courses/hooks/use-catalog-filter";

export const useHomeFilter = useCatalogFilter;
