import styles from "./compare.module.css";

const FORMATS = [
  { format: "csv", label: "CSV" },
  { format: "md", label: "Markdown" },
  { format: "tex", label: "LaTeX" },
] as const;

export function ExportLinks({
  runIds,
  table,
  crossSuite = false,
}: {
  runIds: string[];
  table: "protocol" | "tasks";
  crossSuite?: boolean;
}) {
  const runs = runIds.map(encodeURIComponent).join(",");
  return (
    <span className={styles.tools}>
      <span className="muted">Export: </span>
      {FORMATS.map(({ format, label }) => (
        <a
          key={format}
          href={`/api/compare?runs=${runs}&table=${table}&format=${format}${crossSuite ? "&crossSuite=1" : ""}`}
        >
          {label}
        </a>
      ))}
    </span>
  );
}
