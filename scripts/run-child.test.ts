import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/**
 * A launcher like scripts/with-database.mjs whose child is a wrapper (as `npx next start` is) around a long-lived
 * grandchild that writes its pid to a file.
 */
function startLauncher(pidFile: string, options: { detached?: boolean } = {}) {
  const script = `
    import { runChild } from ${JSON.stringify(new URL("./run-child.mjs", import.meta.url).href)};
    const code = await runChild("sh", ["-c", ${JSON.stringify(`sleep 300 & echo $! > ${pidFile}; wait`)}], process.env);
    process.exit(code);
  `;
  const launcher = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: "ignore",
    detached: options.detached ?? false,
  });
  const exited = new Promise<number | null>((resolve) => launcher.once("exit", (code) => resolve(code)));
  return { launcher, exited };
}

describe("runChild", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "stops the grandchild too when the launcher alone receives %s",
    async (signal) => {
      const pidFile = join(mkdtempSync(join(tmpdir(), "run-child-")), "pid");
      const { launcher, exited } = startLauncher(pidFile);
      expect(await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", 10_000)).toBe(
        true,
      );
      const grandchild = Number(readFileSync(pidFile, "utf8"));
      expect(alive(grandchild)).toBe(true);

      launcher.kill(signal);

      expect(await exited).toBe(1);
      expect(await waitFor(() => !alive(grandchild), 5_000)).toBe(true);
    },
    20_000,
  );

  it("keeps the child in the launcher's process group, so a SIGKILL to the group (Playwright's stop) ends it", async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), "run-child-")), "pid");
    const { launcher, exited } = startLauncher(pidFile, { detached: true });
    expect(await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", 10_000)).toBe(true);
    const grandchild = Number(readFileSync(pidFile, "utf8"));

    process.kill(-(launcher.pid ?? 0), "SIGKILL");

    await exited;
    expect(await waitFor(() => !alive(grandchild), 5_000)).toBe(true);
  }, 20_000);

  it("passes on the child's exit code", async () => {
    const { runChild } = await import("./run-child.mjs");
    expect(await runChild("sh", ["-c", "exit 3"], process.env)).toBe(3);
    expect(await runChild("sh", ["-c", "exit 0"], process.env)).toBe(0);
  });

  it("lists a process's descendants", async () => {
    const { processTree } = await import("./run-child.mjs");
    const child = spawn("sh", ["-c", "sleep 30 & wait"], { stdio: "ignore" });
    expect(await waitFor(() => processTree(child.pid ?? 0).length === 2, 5_000)).toBe(true);
    const [shell, sleeper] = processTree(child.pid ?? 0);
    expect(shell).toBe(child.pid);
    for (const pid of [sleeper, shell]) if (pid) process.kill(pid, "SIGKILL");
  });
});
