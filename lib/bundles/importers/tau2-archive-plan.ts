import { BundleInputError } from "../issues";
import type { DocumentEvent } from "../json-document-stream";
import { isRecord } from "./json-value";

/**
 * How a tau2 results directory packed as an archive is read: which results.json counts, where its simulation
 * files are, and in which order they are read. Pure; the readers in archive.ts stream the bytes.
 */

export const RESULTS_FILE = "results.json";
const SIMULATIONS_DIR = "simulations/";
/** The fields of results.json that make the run's header; the rest are the index and the simulations. */
const HEADER_FIELDS = ["timestamp", "info", "tasks"] as const;

const depth = (name: string): number => name.split("/").length;
const baseName = (name: string): string => name.split("/").pop() ?? "";

export const isResultsFile = (name: string): boolean => baseName(name) === RESULTS_FILE;

/** A member that could be a simulation file: `<dir>/simulations/<id>.json`, whichever results.json it belongs to. */
export const isSimulationCandidate = (name: string): boolean => /(^|\/)simulations\/[^/]+$/.test(name);

/** The shallowest results.json; two at the same depth are two runs, which one upload cannot hold. */
export function findResults(jsonMembers: readonly string[]): string {
  const candidates = jsonMembers.filter(isResultsFile).sort((a, b) => depth(a) - depth(b));
  const first = candidates[0];
  if (first === undefined) {
    const listed = jsonMembers.slice(0, 5).join(", ");
    throw new BundleInputError({
      path: "",
      message: `the archive holds no ${RESULTS_FILE}; expected a tau2 results directory (${RESULTS_FILE} + ${SIMULATIONS_DIR}<id>.json)${listed === "" ? " and found no JSON files" : `, found: ${listed}`}`,
    });
  }
  const tied = candidates.filter((name) => depth(name) === depth(first));
  if (tied.length > 1)
    throw new BundleInputError({
      path: "",
      message: `the archive holds several results directories (${tied.join(", ")}); upload one run per archive`,
    });
  return first;
}

/** Simulation id (file name without .json) to member name, for the files beside one results.json. */
export function simulationFiles(jsonMembers: Iterable<string>, resultsName: string): Map<string, string> {
  const folder = simulationsFolder(resultsName);
  const files = new Map<string, string>();
  for (const name of jsonMembers) {
    const rest = name.startsWith(folder) ? name.slice(folder.length) : undefined;
    if (rest !== undefined && rest !== "" && !rest.includes("/")) files.set(rest.replace(/\.json$/i, ""), name);
  }
  return files;
}

function simulationsFolder(resultsName: string): string {
  return resultsName.slice(0, resultsName.length - RESULTS_FILE.length) + SIMULATIONS_DIR;
}

/**
 * Follows the parse events of results.json: passes on the header fields and the inline simulations, keeps the
 * simulation index and counts what it saw, so the plan can check the manifest against the contents.
 */
export class Tau2ResultsReader {
  private readonly index: string[] = [];
  private readonly seen = new Set<string>();
  private inline = 0;

  constructor(readonly name: string) {}

  /** The event to pass on (a header field or an inline simulation), or undefined for one that is only read. */
  take(event: DocumentEvent): DocumentEvent | undefined {
    if (event.kind === "root") {
      if (event.type !== "object")
        throw new BundleInputError({
          path: this.name,
          message: `${this.name} must hold a JSON object ({timestamp, info, tasks, ...})`,
        });
      return undefined;
    }
    if (event.kind === "item") {
      if (event.array !== "simulations") return undefined;
      this.inline += 1;
      return event;
    }
    if (event.key === "simulation_index" && Array.isArray(event.value)) {
      for (const entry of event.value) if (isRecord(entry) && typeof entry.id === "string") this.index.push(entry.id);
      return undefined;
    }
    if (!(HEADER_FIELDS as readonly string[]).includes(event.key)) return undefined;
    this.seen.add(event.key);
    return event;
  }

  /** Header fields results.json lacks, passed on as absent so the importer names them. */
  missingFields(): DocumentEvent[] {
    return HEADER_FIELDS.filter((key) => !this.seen.has(key)).map((key) => ({ kind: "field", key, value: undefined }));
  }

  /**
   * The member names of the simulation files in the order they are read (none when the simulations are inline):
   * tau2 writes them in index order and reads them sorted by file name; we follow the index, then the rest sorted.
   */
  plan(files: Map<string, string>): string[] {
    const folder = simulationsFolder(this.name);
    if (files.size === 0 && this.index.length > this.inline)
      // The manifest and the contents disagree (a copy cut short): refused, not stored as an empty run.
      throw new BundleInputError({
        path: `${this.name}:simulation_index`,
        message: `${this.name} lists ${this.index.length} simulations in simulation_index, but the archive holds ${this.inline === 0 ? "none" : `only ${this.inline}`} (no ${folder}<id>.json files)`,
      });
    if (files.size === 0) return [];
    for (const id of this.index) {
      if (!files.has(id))
        throw new BundleInputError({
          path: `${folder}${id}.json`,
          message: `simulation ${id} is listed in ${this.name} (simulation_index) but its file ${folder}${id}.json is missing`,
        });
    }
    const listed = new Set(this.index);
    const rest = [...files.keys()].filter((id) => !listed.has(id)).sort();
    return [...this.index, ...rest].map((id) => files.get(id) ?? "");
  }
}
