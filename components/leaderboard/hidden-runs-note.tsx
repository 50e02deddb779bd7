import { DEFAULT_MIN_TASKS } from "@/lib/presenters/leaderboard-query";
import styles from "./leaderboard.module.css";

interface Props {
  hidden: number;
  minTasks: number;
  onShow: () => void;
  onReset: () => void;
}

/** Says how many runs the minimum-task filter hides and offers to show them (or to hide small runs again). */
export function HiddenRunsNote({ hidden, minTasks, onShow, onReset }: Props) {
  if (hidden > 0) {
    return (
      <p className={styles.hiddenNote} aria-label="Hidden runs">
        {hidden} {hidden === 1 ? "run" : "runs"} with fewer than {minTasks} tasks hidden: their rates rest on too few
        tasks to rank.{" "}
        <button type="button" onClick={onShow}>
          Show {hidden === 1 ? "it" : "them"}
        </button>
      </p>
    );
  }
  if (minTasks < DEFAULT_MIN_TASKS) {
    return (
      <p className={styles.hiddenNote} aria-label="Hidden runs">
        Showing runs with any number of tasks.{" "}
        <button type="button" onClick={onReset}>
          Hide runs with fewer than {DEFAULT_MIN_TASKS} tasks
        </button>
      </p>
    );
  }
  return null;
}
