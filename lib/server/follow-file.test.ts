import { appendFile, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bytesOf } from "@/lib/testing/factories";
import { followFile, type ReceivingFile } from "./follow-file";

/** A file written piece by piece as the upload store writes one, and the ReceivingFile a follower sees. */
async function receivingFile() {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "follow-")), "upload");
  let written = 0;
  let settle: { resolve: (digest: string) => void; reject: (error: unknown) => void } = {
    resolve: () => {},
    reject: () => {},
  };
  const ended = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  ended.catch(() => undefined);
  const receiving: ReceivingFile = { path: file, written: () => written, ended };
  return {
    receiving,
    async write(text: string) {
      if (written === 0) await writeFile(file, text);
      else await appendFile(file, text);
      written += Buffer.byteLength(text);
    },
    end: () => settle.resolve("sha256 of the bytes"),
    fail: (error: Error) => settle.reject(error),
  };
}

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  return (await bytesOf(chunks)).toString();
}

describe("followFile", () => {
  it("reads what was written so far, waits for more, and ends with the upload", async () => {
    const upload = await receivingFile();
    const reading = readAll(followFile(upload.receiving));
    await upload.write("first ");
    await new Promise((resolve) => setTimeout(resolve, 30));
    await upload.write("second ");
    await new Promise((resolve) => setTimeout(resolve, 30));
    await upload.write("third");
    upload.end();
    expect(await reading).toBe("first second third");
  });

  it("reads bytes written just before the end", async () => {
    const upload = await receivingFile();
    await upload.write("a".repeat(3 * 1024 * 1024));
    const reading = readAll(followFile(upload.receiving));
    await upload.write("tail");
    upload.end();
    expect((await reading).length).toBe(3 * 1024 * 1024 + 4);
  });

  it("ends empty when the upload ends with no bytes", async () => {
    const upload = await receivingFile();
    upload.end();
    expect(await readAll(followFile(upload.receiving))).toBe("");
  });

  it("fails with the store's error when the upload is refused mid-way", async () => {
    const upload = await receivingFile();
    const reading = readAll(followFile(upload.receiving));
    await upload.write("part of it");
    await new Promise((resolve) => setTimeout(resolve, 20));
    upload.fail(new Error("the upload is larger than the limit"));
    await expect(reading).rejects.toThrow("larger than the limit");
  });
});
