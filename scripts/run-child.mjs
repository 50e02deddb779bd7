// Runs the app (or a migration, a seed) as a child of the launcher and, when the launcher alone is stopped, stops
// every process under it. `npx next start` is three processes (npm exec, sh, next-server): a SIGTERM forwarded to
// the first left next-server running on its port with connections to an embedded database that had gone, and the
// next `npm start` fought it (a 500 or a hang on every request). The child stays in the launcher's process group,
// so a signal to the whole group (Ctrl-C in a terminal, Playwright's SIGKILL) still reaches everything at once.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Parent of every process, from /proc on Linux or `ps` elsewhere (macOS). */
function parentsByPid() {
  const parents = new Map();
  if (existsSync("/proc/self/stat")) {
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        // The command name may hold spaces and parentheses: the fields after its last ")" are fixed.
        parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      } catch {
        // The process ended while we looked.
      }
    }
    return parents;
  }
  for (const line of execFileSync("ps", ["-A", "-o", "pid=,ppid="], { encoding: "utf8" }).split("\n")) {
    const [pid, parent] = line.trim().split(/\s+/).map(Number);
    if (pid) parents.set(pid, parent);
  }
  return parents;
}

/** The process and all its descendants, parents first. */
export function processTree(root) {
  const children = new Map();
  for (const [pid, parent] of parentsByPid()) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const tree = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.shift();
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function signalAll(pids, signal) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** Resolves with the child's exit code (1 when a signal ended it); nothing under it outlives it. */
export function runChild(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env, shell: false });
    // Taken when the stop arrives: once a wrapper (npm exec) exits, its children are no longer found under it.
    let tree = [];
    const forward = (signal) => {
      tree = processTree(child.pid);
      signalAll(tree, signal);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, forward);
    child.on("exit", (code, signal) => {
      for (const stop of STOP_SIGNALS) process.off(stop, forward);
      // A grandchild left behind by a wrapper that exited first is stopped too.
      signalAll(tree.slice(1), "SIGTERM");
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
