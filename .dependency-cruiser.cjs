// The layer rules of ARCHITECTURE.md, checked by `npm run lint:layers` (part of `npm test`).
// Type-only imports count: a component that imports a type from lib/server still couples the layers.
const pure = "^lib/(bundles|metrics|presenters)/";
const isTest = "(\\.test\\.tsx?|\\.spec\\.ts)$";

module.exports = {
  forbidden: [
    {
      name: "prisma-only-in-lib-db",
      comment: "lib/db is the only module that talks to the database through Prisma or pg.",
      severity: "error",
      from: { pathNot: "^(lib/db/|prisma/|lib/testing/|scripts/)" },
      to: { path: "(^node_modules/(@prisma/|prisma/|\\.prisma/)|^lib/db/generated/)" },
    },
    {
      name: "components-stay-presentational",
      comment: "components/ never import lib/server or lib/db, types included.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^lib/(server|db)/" },
    },
    {
      name: "presenters-do-not-import-server",
      severity: "error",
      from: { path: "^lib/presenters/" },
      to: { path: "^lib/(server|db)/" },
    },
    {
      name: "pure-lib-imports-no-app-layers",
      comment: "lib/metrics and lib/bundles are pure: nothing from app, components, lib/server or lib/db.",
      severity: "error",
      from: { path: "^lib/(metrics|bundles)/" },
      to: { path: "^(app/|components/|lib/server/|lib/db/)" },
    },
    {
      name: "contracts-are-neutral",
      comment: "lib/contracts holds DTOs shared by server, presenters and components: it imports only pure lib code.",
      severity: "error",
      from: { path: "^lib/contracts/" },
      to: { path: "^(app/|components/|lib/server/|lib/db/|lib/testing/)" },
    },
    {
      name: "pure-lib-does-no-io",
      comment: "Pure modules do no I/O: no database driver, no file system (tests aside).",
      severity: "error",
      from: { path: pure, pathNot: isTest },
      to: { path: "^node_modules/(pg|pg-copy-streams|@electric-sql)/" },
    },
    {
      name: "testing-only-in-tests",
      comment: "lib/testing holds factories for tests; production code never imports it.",
      severity: "error",
      from: {
        pathNot: `(${isTest}|^lib/testing/|^e2e/|^scripts/bench-|^scripts/fuzz-|^vitest\\.config|^playwright\\.config)`,
      },
      to: { path: "^lib/testing/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^\\.next/|^lib/db/generated/|^node_modules/)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    combinedDependencies: true,
  },
};
