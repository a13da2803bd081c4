// expect: none
// The module itself builds its provider from the ProxyPay client.
import { signBody } from "./provider/proxypay";

export const sign = signBody;
