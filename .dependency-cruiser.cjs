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
      name: "contracts-import-nothing-of-the-app",
      comment:
        "lib/contracts holds the DTOs every layer shares, so it sits below them all: it imports only itself and packages.",
      severity: "error",
      // Its tests may: event.test.ts checks that the other layers' event types are Picks of the contract.
      from: { path: "^lib/contracts/", pathNot: isTest },
      to: { path: "^(app|components|lib|e2e|scripts|prisma|bin)/", pathNot: "^lib/contracts/" },
    },
    {
      name: "db-does-not-import-presenters",
      comment: "lib/db reads and writes rows; shaping them for a page is lib/presenters' work, on top of it.",
      severity: "error",
      from: { path: "^lib/db/" },
      to: { path: "^lib/presenters/" },
    },
    {
      name: "no-circular",
      comment:
        "No import cycles, types included: a cycle makes two modules one, and breaks module initialisation order.",
      severity: "error",
      from: {},
      to: { circular: true },
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
        pathNot: `(${isTest}|^lib/testing/|^e2e/|^scripts/bench-|^scripts/fuzz-|^scripts/busy-neighbour|^scripts/build-tau2-review-fixture|^vitest\\.config|^playwright\\.config)`,
      },
      to: { path: "^lib/testing/" },
    },
  ],
  options: {
    // The generated Prisma client is not followed but stays in the graph, so prisma-only-in-lib-db sees imports of it
    // (excluding it hid them: lib/server imported Prisma unnoticed).
    doNotFollow: { path: "(node_modules|^lib/db/generated/)" },
    exclude: { path: "(^\\.next/|^node_modules/)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    combinedDependencies: true,
  },
};
