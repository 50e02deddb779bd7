/**
 * CPU time spent during one upload, read from /proc: the server's main thread and its other threads (V8's compiler
 * and garbage-collector helpers, libuv's file threads), every PostgreSQL process, and this benchmark (the client). On
 * a 2-core machine their sum over two bounds how fast an upload can go, whatever overlaps. Off Linux (no /proc) the
 * figures are not available and are left out.
 */
import { readdirSync, readFileSync } from "node:fs";

/** /proc reports CPU time in clock ticks: sysconf(_SC_CLK_TCK), 100 on Linux. */
const TICKS_PER_SECOND = 100;

export interface CpuSeconds {
  serverMain: number;
  serverOther: number;
  postgres: number;
  client: number;
}

interface Stat {
  name: string;
  /** User + system CPU of the process (or thread). */
  ticks: number;
  /** User + system CPU of its children that have exited and been waited for. */
  childTicks: number;
}

/**
 * The command name and CPU ticks of one `/proc/<pid>/stat` (or task stat) line. The name is in parentheses and may
 * itself hold spaces and parentheses, so the fields are counted from the last ")": the state is field 3, utime and
 * stime fields 14 and 15, cutime and cstime 16 and 17 (proc(5)).
 */
export function parseStat(line: string): Stat {
  const close = line.lastIndexOf(")");
  const name = line.slice(line.indexOf("(") + 1, close);
  const fields = line.slice(close + 2).split(" ");
  return {
    name,
    ticks: Number(fields[11]) + Number(fields[12]),
    childTicks: Number(fields[13]) + Number(fields[14]),
  };
}

function statTicks(path: string): Stat | undefined {
  try {
    return parseStat(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Every PostgreSQL process's CPU, with what exited backends used: the postmaster waits for each backend that ends, and
 * the kernel adds the backend's time to the postmaster's children's time, so a connection closed during the upload
 * still counts (summing the live processes alone went negative).
 */
function postgresTicks(): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statTicks(`/proc/${entry}/stat`);
    if (stat?.name.startsWith("postgres")) ticks += stat.ticks + stat.childTicks;
  }
  return ticks;
}

function snapshot(serverPid: number | undefined): CpuSeconds | undefined {
  if (serverPid === undefined) return undefined;
  const whole = statTicks(`/proc/${serverPid}/stat`);
  const main = statTicks(`/proc/${serverPid}/task/${serverPid}/stat`);
  if (!whole || !main) return undefined;
  const client = process.cpuUsage();
  return {
    serverMain: main.ticks / TICKS_PER_SECOND,
    serverOther: (whole.ticks - main.ticks) / TICKS_PER_SECOND,
    postgres: postgresTicks() / TICKS_PER_SECOND,
    client: (client.user + client.system) / 1e6,
  };
}

/** Starts counting; the returned function gives the CPU seconds spent since (undefined without /proc or a server pid). */
export function countCpu(serverPid: number | undefined): () => CpuSeconds | undefined {
  const before = snapshot(serverPid);
  return () => {
    const after = snapshot(serverPid);
    if (!before || !after) return undefined;
    return {
      serverMain: after.serverMain - before.serverMain,
      serverOther: after.serverOther - before.serverOther,
      postgres: after.postgres - before.postgres,
      client: after.client - before.client,
    };
  };
}

/** "CPU server 0.90 + 0.60 s (main + other threads), PostgreSQL 1.30 s, client 0.25 s = 3.05 s" for one upload's line. */
export function describeCpu(cpu: CpuSeconds): string {
  const total = cpu.serverMain + cpu.serverOther + cpu.postgres + cpu.client;
  return `CPU server ${cpu.serverMain.toFixed(2)} + ${cpu.serverOther.toFixed(2)} s (main + other threads), PostgreSQL ${cpu.postgres.toFixed(2)} s, client ${cpu.client.toFixed(2)} s = ${total.toFixed(2)} s`;
}
