// expect: provider-adapter-only-in-its-module
// Another module reaching ProxyPay's client directly instead of the references module's services.
import { signBody } from "../payment-references/provider/proxypay";

export const signed = (body: string) => signBody(body, "key");
