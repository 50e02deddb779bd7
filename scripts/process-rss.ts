import { readFileSync } from "node:fs";
import { processTree } from "./run-child.mjs";

/** The largest resident set among the server's processes (the next-server worker), in MB. */
export function serverRssMb(root: number): number {
  let max = 0;
  for (const pid of processTree(root)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match?.[1]) max = Math.max(max, Number(match[1]) / 1024);
    } catch {
      // exited meanwhile
    }
  }
  return max;
}

/** The resident sets of all the server's processes added up (web server, worker child, launcher), in MB. */
export function serverRssSumMb(root: number): number {
  let sum = 0;
  for (const pid of processTree(root)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match?.[1]) sum += Number(match[1]) / 1024;
    } catch {
      // exited meanwhile
    }
  }
  return sum;
}
