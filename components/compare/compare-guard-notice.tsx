import Link from "next/link";
import type { CompareGuard } from "@/lib/presenters/compare-guard";

/** Why runs of different suites are not compared, with the way to each suite's pairs and the explicit opt-in. */
export function CrossSuiteRefusal({ guard, optInHref }: { guard: CompareGuard; optInHref: string }) {
  return (
    <section role="alert" aria-label="Cross-suite comparison refused" className="panel">
      <h2>These runs come from different suites</h2>
      <p>
        The selected runs were evaluated on {guard.suites.length} different suites ({guard.suites.join("; ")}). Task ids
        do not mean the same task across suites, so pairing tasks by id would compare different tasks and every paired
        delta, interval and test would be meaningless. Loopscope does not compute them by default.
      </p>
      {guard.pairLinks.length > 0 ? (
        <>
          <p>Compare each suite&apos;s pair instead:</p>
          <ul>
            {guard.pairLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">None of the selected runs has a paired run on its own suite.</p>
      )}
      <p className="muted">
        To compare them anyway, with every figure marked as cross-suite:{" "}
        <Link href={optInHref}>compare across suites</Link>.
      </p>
    </section>
  );
}

/** Settings in which the compared runs differ; shown above every comparison they affect. */
export function SettingDifferences({ guard }: { guard: CompareGuard }) {
  if (guard.differences.length === 0 && !guard.crossSuite) return null;
  return (
    <section role="note" aria-label="Comparison caveats" className="panel">
      {guard.crossSuite ? (
        <p>
          <strong>Cross-suite comparison</strong> ({guard.suites.join("; ")}): tasks are matched by id across different
          suites; every figure below is marked cross-suite.
        </p>
      ) : null}
      {guard.differences.length > 0 ? (
        <>
          <p>These runs differ in settings that change what their numbers mean:</p>
          <ul>
            {guard.differences.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
