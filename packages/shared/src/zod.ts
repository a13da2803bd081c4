import { z as zod } from "zod";

// Zod compiles object parsers with `new Function` after probing whether eval is allowed. Our Content
// Security Policy forbids eval (decision 013), and even the caught probe reports a violation in the
// browser, so there the object schemas run without compiling. Modules building object schemas import
// `z` from here, so this runs before their first z.object().
if ("document" in globalThis) zod.config({ jitless: true });

// A binding of this module (not a bare re-export), so bundlers keep the module and run the line above.
export import z = zod;
