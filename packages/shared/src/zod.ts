import { config } from "zod";

// Zod compiles object parsers with `new Function` after probing whether eval is allowed. Our Content
// Security Policy forbids eval (decision 013), and even the caught probe reports a violation in the
// browser, so there the object schemas run without compiling. Modules building object schemas import
// `z` from here, so this runs before their first z.object() (package.json names this module as having
// side effects, so bundlers keep this line).
if ("document" in globalThis) config({ jitless: true });

// A re-exported namespace, not a binding of it: bundlers then keep only the parts of zod the schemas
// use. A `z` variable kept all of zod in every signed-in screen's first load (its error messages in ~50
// languages, JSON Schema conversion, the compiler: ~84 KB gzip; decision 060).
export * as z from "zod";
