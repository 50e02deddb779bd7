import Link from "next/link";

export default function Forbidden() {
  return (
    <div className="panel" role="alert">
      <h1>Not allowed</h1>
      <p>
        Your role does not allow this page. Ask an admin for access, or <Link href="/runs">go back to the runs</Link>.
      </p>
      <p className="muted">
        While you annotate an open blind study, run details, trajectories and comparisons stay hidden until the study
        closes.
      </p>
    </div>
  );
}
