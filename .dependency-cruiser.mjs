// Import boundaries, checked on resolved file paths (decision 032): where an import lands, not how its
// string is spelt, so a deeper folder, a namespace import, a `..` walk or a package name cannot get round
// them. `npm run check` runs them (`npm run boundaries`); tools/boundaries/boundaries.test.ts proves that
// each rule still refuses the known-bad imports in tools/boundaries/known-bad/.
//
// Paths are relative to the folder the cruise runs from (the repository's root).

const WEB = "^apps/web/src/";
const TEST_FILE = "\\.test\\.tsx?$";

/** A forbidden import: from a file matching `from` to a file matching `to`; `comment` is the message. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    forbid(
      "server-not-to-web",
      "The server must not import the web app (apps/web); share code through packages/shared.",
      { path: "^apps/server/" },
      { path: "^apps/web/" },
    ),
    forbid(
      "web-not-to-server",
      "The web app must not import the server (apps/server); share code through packages/shared.",
      { path: "^apps/web/" },
      { path: "^apps/server/" },
    ),
    forbid(
      "shared-not-to-apps",
      "packages/shared is imported by both apps and imports neither.",
      { path: "^packages/shared/" },
      { path: "^apps/" },
    ),
    forbid(
      "provider-adapter-only-in-its-module",
      "ProxyPay's client, its payment format and its simulator stay in modules/payment-references (decision 079): elsewhere use its services and the ReferenceProvider interface (tests may start the simulator).",
      { path: "^apps/server/src/", pathNot: ["^apps/server/src/modules/payment-references/", TEST_FILE] },
      { path: "^apps/server/src/modules/payment-references/provider/(proxypay|simulator)" },
    ),
    forbid(
      "feature-not-to-app",
      "A feature must not import the app shell (src/app): move shared UI to src/components and helpers to src/lib.",
      { path: `${WEB}features/` },
      { path: `${WEB}app/` },
    ),
    forbid(
      "feature-to-feature-only-api",
      "A feature may import only another feature's api/: UI used by two features belongs in src/components, helpers in src/lib or packages/shared.",
      { path: `${WEB}features/([^/]+)/` },
      { path: `${WEB}features/`, pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/api/`] },
    ),
    forbid(
      "shared-ui-not-to-features-or-app",
      "src/components and src/lib are shared by every feature and must not import features/ or app/.",
      { path: `${WEB}(components|lib)/` },
      { path: `${WEB}(features|app)/` },
    ),
    forbid(
      "production-not-to-test-support",
      "Production code must not import test support or fixtures (src/test); only *.test.* files may.",
      { path: WEB, pathNot: [TEST_FILE, `${WEB}test/`] },
      { path: `${WEB}test/` },
    ),
    forbid(
      "api-call-only-in-api-folders",
      "Only a feature's api/ folder (and app/guards, lib/) calls the server with api() from lib/api: move the call into api/. ApiError is in lib/api-error.",
      {
        path: `${WEB}(app|components|features)/`,
        pathNot: [`${WEB}features/[^/]+/api/`, `${WEB}app/guards/`, TEST_FILE],
      },
      { path: `${WEB}lib/api\\.ts$` },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|dist-ssr|data|\\.artifacts)/" },
    // `import type` counts: a type import is still a dependency on that folder.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
