/** Below the SPEC's 768 px mobile breakpoint: admin rows become cards, toasts move to the bottom. */
export const PHONE_QUERY = "(max-width: 47.99em)";
