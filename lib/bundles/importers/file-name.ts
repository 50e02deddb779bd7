const ARCHIVE_OR_JSON_SUFFIX = /\.(json|jsonl|gz|tgz|tar|zip)$/i;

/** The file's name without folders and without the .json/.gz/.tar/.zip suffixes. */
export function fileStem(fileName: string): string {
  let stem = fileName.split(/[\\/]/).pop() ?? "";
  while (ARCHIVE_OR_JSON_SUFFIX.test(stem)) stem = stem.replace(ARCHIVE_OR_JSON_SUFFIX, "");
  return stem.trim();
}
