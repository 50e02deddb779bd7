/**
 * The version of the readers and importers that turn an upload into rows (lib/bundles). Bump it when
 * a change alters the rows an existing file produces (a new field kept, an importer rule fixed): runs
 * stored under an older version show it on their page and can be re-imported from their raw upload
 * (`npx loopscope reimport`, docs/scaling.md). Metric definitions have their own SCORES_VERSION.
 */
export const IMPORTER_VERSION = 3;
