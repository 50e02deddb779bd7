"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import type { NavigationTarget, TrajectoryNavigation } from "@/lib/presenters/timeline-navigation";
import styles from "./trajectory-nav.module.css";

export interface PairedLinkView {
  runId: string;
  runName: string;
  variant: string;
  trajectoryId: string | null;
  trial: number | null;
}

interface TrajectoryNavProps {
  runId: string;
  taskExternalId: string;
  navigation: TrajectoryNavigation;
  paired: PairedLinkView[];
  pairingKey: string | null;
}

function NavLink({
  runId,
  target,
  label,
  shortcut,
}: {
  runId: string;
  target: NavigationTarget | null;
  label: string;
  shortcut: string;
}) {
  const content = (
    <>
      {label} <kbd>{shortcut}</kbd>
    </>
  );
  if (!target)
    return (
      <span className={styles.disabled} aria-disabled="true">
        {content}
      </span>
    );
  return (
    <Link href={`/runs/${runId}/trajectories/${target.id}`} title={target.label}>
      {content}
    </Link>
  );
}

export function TrajectoryNav({ runId, taskExternalId, navigation, paired, pairingKey }: TrajectoryNavProps) {
  const router = useRouter();

  useEffect(() => {
    const keys: Record<string, string | null> = {
      j: navigation.nextTrial && `/runs/${runId}/trajectories/${navigation.nextTrial.id}`,
      k: navigation.previousTrial && `/runs/${runId}/trajectories/${navigation.previousTrial.id}`,
      J: navigation.nextTask && `/runs/${runId}/trajectories/${navigation.nextTask.id}`,
      K: navigation.previousTask && `/runs/${runId}/trajectories/${navigation.previousTask.id}`,
      u: `/runs/${runId}`,
    };
    const onKey = (event: KeyboardEvent) => {
      const element = event.target as HTMLElement | null;
      if (
        event.metaKey ||
        event.ctrlKey ||
        event.altKey ||
        element?.closest("input, textarea, select, [contenteditable]")
      )
        return;
      const href = keys[event.key];
      if (href) {
        event.preventDefault();
        router.push(href);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigation, runId, router]);

  return (
    <nav aria-label="Trajectory navigation" className={`panel ${styles.nav}`}>
      <div className="row">
        <NavLink runId={runId} target={navigation.previousTrial} label="← Previous trial" shortcut="k" />
        <NavLink runId={runId} target={navigation.nextTrial} label="Next trial →" shortcut="j" />
        <span className={styles.sep} />
        <NavLink runId={runId} target={navigation.previousTask} label="← Previous task" shortcut="K" />
        <NavLink runId={runId} target={navigation.nextTask} label="Next task →" shortcut="J" />
        <span className={styles.sep} />
        <Link href={`/runs/${runId}`}>
          Up to the run <kbd>u</kbd>
        </Link>
        <span className="muted">
          task {navigation.taskPosition} of {navigation.taskCount}
        </span>
      </div>
      <div className="row">
        <span className="muted">Paired run:</span>
        {paired.length === 0 ? (
          <span className="muted">
            {pairingKey ? `no other variant with pairing key ${pairingKey}` : "this run has no pairing key"}
          </span>
        ) : (
          paired.map((link) =>
            link.trajectoryId ? (
              <Link key={link.runId} href={`/runs/${link.runId}/trajectories/${link.trajectoryId}`}>
                {link.runName} <span className="badge">{link.variant}</span> · task {taskExternalId} trial {link.trial}
              </Link>
            ) : (
              <span key={link.runId}>
                {link.runName} <span className="badge">{link.variant}</span>{" "}
                <span className="muted">has no trajectory for task {taskExternalId}</span>
              </span>
            ),
          )
        )}
      </div>
      <p className={styles.help}>
        Keyboard: <kbd>j</kbd>/<kbd>k</kbd> next/previous trial of this task, <kbd>J</kbd>/<kbd>K</kbd> next/previous
        task, <kbd>u</kbd> up to the run, <kbd>e</kbd> jump to the first error.
      </p>
    </nav>
  );
}
