import type { PhaseStep } from "@/lib/presenters/upload-phases";

export function PhaseSteps({ steps }: { steps: PhaseStep[] }) {
  return (
    <ol className="row" aria-label="Upload phases" style={{ listStyle: "none", padding: 0, margin: "6px 0", gap: 12 }}>
      {steps.map((step) => (
        <li
          key={step.phase}
          data-state={step.state}
          aria-current={step.state === "current" || step.state === "failed" ? "step" : undefined}
          className={step.state === "pending" ? "muted" : undefined}
        >
          {step.state === "done" ? "✓ " : step.state === "current" ? "▸ " : step.state === "failed" ? "✗ " : ""}
          {step.state === "current" || step.state === "failed" ? <strong>{step.label}</strong> : step.label}
          {step.state === "failed" ? ": stopped here" : null}
        </li>
      ))}
    </ol>
  );
}
