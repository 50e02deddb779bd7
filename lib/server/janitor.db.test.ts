import { randomUUID } from "node:crypto";
import { existsSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { insertUpload, finishUpload } from "@/lib/db/uploads";
import { useTemporaryUploadDir } from "@/lib/testing/upload-jobs";
import { runJanitor } from "./janitor";

const HOUR = 60 * 60 * 1000;
let directory = "";

function fileAged(name: string, ageMs: number): string {
  const file = path.join(directory, name);
  writeFileSync(file, "raw bytes");
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
  return file;
}

async function uploadRow(options: { file: string; status: number; hash?: string; ageMs: number }): Promise<string> {
  const id = path.basename(options.file).slice(0, 36);
  await insertUpload({
    id,
    fileName: "x.json",
    storagePath: options.file,
    sizeBytes: 9,
    contentHash: options.hash ?? randomUUID(),
    actorId: null,
    actorName: "test",
    options: {},
  });
  await finishUpload({ id, httpStatus: options.status, result: {} });
  await db().upload.update({ where: { id }, data: { finishedAt: new Date(Date.now() - options.ageMs) } });
  return id;
}

let cases: Record<string, string> = {};
let ids: Record<string, string> = {};

beforeAll(async () => {
  directory = useTemporaryUploadDir();
  const keptHash = randomUUID();
  await db().bundle.create({ data: { contentHash: keptHash, fileName: "kept.json", sizeBytes: 9n, format: "tau2" } });
  cases = {
    partialOld: fileAged(`${randomUUID()}.upload.raw`, 2 * HOUR),
    partialNew: fileAged(`${randomUUID()}.upload.raw`, 10 * 60 * 1000),
    purged: fileAged(`${randomUUID()}.upload.gz`, 3 * HOUR),
    kept: fileAged(`${randomUUID()}.upload.gz`, 3 * HOUR),
    rejected: fileAged(`${randomUUID()}.upload.gz`, 3 * HOUR),
    unrelated: fileAged("notes.txt", 5 * HOUR),
  };
  ids = {
    purged: await uploadRow({ file: cases.purged!, status: 201, ageMs: 2 * HOUR }),
    kept: await uploadRow({ file: cases.kept!, status: 201, hash: keptHash, ageMs: 2 * HOUR }),
    rejected: await uploadRow({ file: cases.rejected!, status: 422, ageMs: 2 * HOUR }),
  };
});

afterAll(async () => {
  await db().upload.deleteMany({ where: { id: { in: Object.values(ids) } } });
  delete process.env.LOOPSCOPE_UPLOAD_DIR;
});

describe("the janitor", () => {
  it("lists, on a dry run, what it would remove and removes nothing", async () => {
    const report = await runJanitor({ dryRun: true });
    expect(report.partialFiles).toEqual([cases.partialOld]);
    expect(report.purgedUploads).toContain(cases.purged);
    expect(report.purgedUploads).not.toContain(cases.kept);
    // Only this file's directory: the shared test database may hold other files' uploads.
    expect(report.rejectedFiles.filter((file) => file.startsWith(directory))).toEqual([cases.rejected]);
    for (const file of Object.values(cases)) expect(existsSync(file)).toBe(true);
  });

  it("removes old partial files, purged bundles' uploads with their rows, and rejected uploads' files", async () => {
    await runJanitor({ dryRun: false });
    expect(existsSync(cases.partialOld!)).toBe(false);
    expect(existsSync(cases.purged!)).toBe(false);
    expect(existsSync(cases.rejected!)).toBe(false);
    // Younger than an hour, still re-importable, or not an upload file: left alone.
    expect(existsSync(cases.partialNew!)).toBe(true);
    expect(existsSync(cases.kept!)).toBe(true);
    expect(existsSync(cases.unrelated!)).toBe(true);
    const rows = await db().upload.findMany({ where: { id: { in: Object.values(ids) } } });
    expect(rows.map((row) => row.id).sort()).toEqual([ids.kept, ids.rejected].sort());
    expect(rows.find((row) => row.id === ids.rejected)?.httpStatus).toBe(422);
    // A second pass finds nothing more.
    const again = await runJanitor({ dryRun: false });
    expect([...again.partialFiles, ...again.purgedUploads, ...again.rejectedFiles]).toEqual([]);
  });
});
