// The dependency check of `npm run check` (`npm run depcheck`): no import cycles, and the layers of
// client and server as docs/decisions.md describes them. The ESLint zones give the same client
// layers in the editor; this check also sees cycles and the server.
const CLIENT_GENERIC = "^src/(lib|platform|components)/";
const FAKES = "fakes";
/** The interfaces services own and adapters implement (values allowed: their error classes). */
const PORTS = "^server/src/services/(stand-ins|payments/card-provider)\\.ts$";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle makes load order matter and hides which module owns what.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "domain-imports-only-domain",
      severity: "error",
      comment: "src/domain holds the rules client and server share: it imports nothing of either.",
      from: { path: "^src/domain/" },
      to: { path: "^(src/(?!domain/)|server/)" },
    },
    {
      name: "generic-layer-imports-no-higher",
      severity: "error",
      comment: "lib, platform and components are generic: no app, features or shared.",
      from: { path: CLIENT_GENERIC, pathNot: "\\.test\\.tsx?$" },
      to: { path: "^src/(app|features|shared)/" },
    },
    {
      name: "lib-and-platform-apart",
      severity: "error",
      comment: "lib does not depend on the host platform, nor platform on lib.",
      from: { path: "^src/(lib|platform)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^src/(lib|platform)/", pathNot: "^src/$1/" },
    },
    {
      name: "shared-imports-no-feature",
      severity: "error",
      comment: "shared modules serve features; they import no feature and not the app shell.",
      from: { path: "^src/shared/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^src/(app|features)/" },
    },
    {
      name: "feature-imports-no-other-feature",
      severity: "error",
      comment: "A feature does not import another feature: what both need lives in src/shared.",
      from: { path: "^src/features/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^src/(features/|app/)", pathNot: "^src/features/$1/" },
    },
    {
      name: "staff-uses-only-lower-layers",
      severity: "error",
      comment:
        "The staff console is a second app: shared, components, platform, lib and domain, never a storefront feature or the app shell (the global stylesheet aside).",
      from: { path: "^src/staff/" },
      to: { path: "^src/(app|features|ssr|harness)/", pathNot: "^src/app/styles\\.css$" },
    },
    {
      name: "nothing-imports-an-entry",
      severity: "error",
      comment:
        "The staff console, the first-screen renderer and the testers' harness are entries: nothing else imports them (the client tests' setup loads the console's catalog).",
      from: { path: "^src/([^/]+)", pathNot: "^src/test/" },
      to: { path: "^src/(staff|ssr|harness)/", pathNot: "^src/$1/" },
    },
    {
      name: "harness-stands-alone",
      severity: "error",
      comment: "The testers' harness page uses domain and nothing else of the client.",
      from: { path: "^src/harness/" },
      to: { path: "^src/(?!harness/|domain/)" },
    },
    {
      name: "client-never-imports-server",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^server/" },
    },
    {
      name: "server-imports-only-domain-of-client",
      severity: "error",
      comment: "The server shares the rules in src/domain with the client, and nothing else.",
      from: { path: "^server/" },
      to: { path: "^src/(?!domain/)" },
    },
    {
      name: "routes-do-not-query-tables",
      severity: "error",
      comment: "Routes call repositories; only repositories (and the db layer) import the schema.",
      from: { path: "^server/src/routes/" },
      to: { path: "^server/src/db/schema" },
    },
    // The server's layers, highest first: routes (HTTP) -> services/<domain> -> repositories -> db,
    // with services -> integrations (adapters behind interfaces the services own). The fakes are
    // stand-ins for outside systems that only the demo and test wiring mounts.
    {
      name: "only-repositories-query-tables",
      severity: "error",
      comment:
        "Table queries live in server/src/repositories: no other server code imports the schema or drizzle.",
      from: { path: "^server/src/", pathNot: "^server/src/(repositories|db)/" },
      to: { path: ["^server/src/db/schema", "^node_modules/drizzle-orm/"] },
    },
    {
      name: "routes-speak-http-only",
      severity: "error",
      comment:
        "A route calls a service: it does not import repositories, the db layer, the fakes or the CLI.",
      from: { path: "^server/src/routes/" },
      to: {
        path: `^server/src/(repositories|db|${FAKES}|cli)/`,
        pathNot: "^server/src/db/types\\.ts$",
      },
    },
    {
      name: "services-import-no-higher-layer",
      severity: "error",
      comment: "Services serve routes, the CLI and the workers: they import no route, fake, CLI or plugin.",
      from: { path: "^server/src/services/" },
      to: { path: `^server/src/(routes|${FAKES}|cli|plugins)/|^server/src/(app|server|dev-wiring)\\.ts$` },
    },
    {
      name: "repositories-import-no-higher-layer",
      severity: "error",
      comment: "Repositories read and write tables: no service, route, integration, fake, CLI or plugin.",
      from: { path: "^server/src/repositories/" },
      to: { path: `^server/src/(services|routes|integrations|${FAKES}|cli|plugins)/` },
    },
    {
      name: "integrations-import-only-the-ports",
      severity: "error",
      comment:
        "An adapter speaks one outside system behind the interface its service owns: it imports that interface, no other service code, no route and no repository.",
      from: { path: "^server/src/integrations/" },
      to: {
        path: `^server/src/(services|routes|repositories|db|${FAKES}|cli|plugins)/`,
        pathNot: PORTS,
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "integrations-import-no-route-or-repository",
      severity: "error",
      comment: "Not even a type: an adapter knows neither routes nor tables.",
      from: { path: "^server/src/integrations/" },
      to: { path: `^server/src/(routes|repositories|db/schema|${FAKES}|cli)/` },
    },
    {
      name: "production-code-imports-no-fake",
      severity: "error",
      comment:
        "The fakes stand in for Payme, Click, Uzum and Telegram in demo mode and tests: only the wiring (dev-wiring.ts, loaded by server.ts in harness mode) mounts them.",
      from: { path: "^(server/src|scripts)/", pathNot: `^server/src/(${FAKES}/|dev-wiring\\.ts$)` },
      to: { path: `^server/src/${FAKES}/` },
    },
    {
      name: "lib-is-generic",
      severity: "error",
      comment: "server/src/lib holds generic helpers: no domain service, repository, route, db or adapter.",
      from: { path: "^server/src/lib/" },
      to: { path: `^server/src/(services|repositories|routes|db|integrations|plugins|${FAKES}|cli|import)/` },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|dist-[^/]*|node_modules|\\.data[^/]*)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
