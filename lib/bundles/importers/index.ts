import type { DocumentImporter } from "./types";
import { tau2Importer } from "./tau2-importer";
import { tauBenchImporter } from "./tau-bench-importer";
import { inspectJsonImporter } from "./inspect-json-importer";

export type { DocumentImporter, ImportContext, ImportResult } from "./types";

/** Importers for foreign result formats, tried in order on every JSON document without a schemaVersion. */
export const DOCUMENT_IMPORTERS: DocumentImporter[] = [tau2Importer, tauBenchImporter, inspectJsonImporter];
