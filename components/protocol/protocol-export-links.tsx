import { EXPORT_FORMATS, type ExportFormat } from "@/lib/presenters/export-table";

const FORMATS: ExportFormat[] = ["csv", "md", "tex"];

export function ProtocolExportLinks({ suiteId }: { suiteId: string }) {
  return (
    <div className="row" aria-label="Export">
      <span className="muted">Download:</span>
      {FORMATS.map((format) => (
        <a
          key={format}
          className="button"
          href={`/api/suites/${encodeURIComponent(suiteId)}/protocol?format=${format}`}
          download
        >
          {EXPORT_FORMATS[format].label}
        </a>
      ))}
    </div>
  );
}
