import { describe, expect, it } from "vitest";
import { describeCpu, parseStat } from "./bench-upload-cpu";

describe("parseStat", () => {
  it("reads utime + stime after a command name that holds spaces and parentheses", () => {
    // Fields 1-18 of a /proc/<pid>/stat line; utime 812 and stime 96 ticks, no children.
    const line = "4242 (next-server (v16.4.6)) S 4200 4242 4200 0 -1 4194304 50210 0 12 0 812 96 0 0 20";
    expect(parseStat(line)).toEqual({ name: "next-server (v16.4.6)", ticks: 908, childTicks: 0 });
  });

  it("reads the postmaster's children's time (backends that have exited)", () => {
    const line = "977 (postgres) S 1 977 977 0 -1 4194560 1000 0 0 0 130 21 4410 388 20";
    expect(parseStat(line)).toEqual({ name: "postgres", ticks: 151, childTicks: 4798 });
  });
});

describe("describeCpu", () => {
  it("names each part and their sum", () => {
    expect(describeCpu({ serverMain: 0.9, serverOther: 0.6, postgres: 1.3, client: 0.25 })).toBe(
      "CPU server 0.90 + 0.60 s (main + other threads), PostgreSQL 1.30 s, client 0.25 s = 3.05 s",
    );
  });
});
