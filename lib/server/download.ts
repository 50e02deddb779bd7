import type { DownloadFormat } from "@/lib/contracts/route-params";
import { EXPORT_FORMATS } from "@/lib/presenters/export-table";

const JSON_FORMAT = { contentType: "application/json", extension: "json" };

/** The one MIME table: the export formats' types (which the download links also label from), and JSON's. */
export function downloadType(format: DownloadFormat): { contentType: string; extension: string } {
  if (format === "json") return JSON_FORMAT;
  const { contentType, extension } = EXPORT_FORMATS[format];
  return { contentType, extension };
}

/** A name as a file name part: lower case, runs of anything else as one "-", at most 80 characters. */
export function fileSlug(name: string, fallback: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || fallback
  );
}

export interface Download {
  body: string;
  format: DownloadFormat;
  /** The file name without its extension, which comes from the format. */
  name: string;
  /** "inline" lets a browser show the text in a tab (the /compare export links open there); default attachment. */
  disposition?: "attachment" | "inline";
}

/**
 * The one way a route answers with a file: type and extension from the format, the file name in
 * Content-Disposition, and no caching (every export is of live data, some of it from blind studies).
 */
export function downloadResponse({ body, format, name, disposition = "attachment" }: Download): Response {
  const { contentType, extension } = downloadType(format);
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `${disposition}; filename="${name}.${extension}"`,
      "Cache-Control": "no-store",
    },
  });
}
