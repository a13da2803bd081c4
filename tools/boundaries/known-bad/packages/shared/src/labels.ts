// expect: shared-not-to-apps
// The shared package importing an app: both apps import shared, so shared imports neither.
import { formatKz } from "../../../apps/web/src/lib/money";

export const priceLabel = (value: number) => `Preço: ${formatKz(value)}`;
