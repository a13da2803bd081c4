import { NETWORK_ERROR } from "@app/shared/request-messages";

/**
 * lib/api, fetched when first used: the public pages come with their data (decision 096), so most visits
 * never need it. A failed download reads as a failed request.
 */
export const lazyApi = () =>
  import("./api").catch(() => {
    throw new Error(NETWORK_ERROR.message);
  });
