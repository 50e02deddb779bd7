import { describe, expect, it } from "vitest";
import { bytesOf } from "@/lib/testing/factories";
import { readUpload } from "./upload-request";

async function text(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  return (await bytesOf(chunks)).toString();
}

describe("readUpload", () => {
  it("reads the file field of a multipart body whose boundary has upper-case letters (as browsers send)", async () => {
    const boundary = "----WebKitFormBoundaryAbCdEf123";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="b.jsonl"',
      "Content-Type: application/octet-stream",
      "",
      "line one\nline two",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const request = new Request("http://test/api/bundles", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const upload = await readUpload(request);
    expect(upload.fileName).toBe("b.jsonl");
    expect(await text(upload.chunks)).toBe("line one\nline two");
  });

  it("takes a raw body with the file name from X-File-Name, and refuses other content types", async () => {
    const raw = await readUpload(
      new Request("http://test/api/bundles", {
        method: "POST",
        headers: { "content-type": "application/x-ndjson", "x-file-name": "run%201.jsonl" },
        body: "{}",
      }),
    );
    expect(raw.fileName).toBe("run 1.jsonl");
    expect(await text(raw.chunks)).toBe("{}");
    await expect(
      readUpload(
        new Request("http://test/api/bundles", {
          method: "POST",
          headers: { "content-type": "text/html" },
          body: "<p>",
        }),
      ),
    ).rejects.toThrow('unsupported content type "text/html"');
  });

  it("answers a located 400, never a URIError, for a malformed or NUL file name", async () => {
    const raw = (headers: Record<string, string>, url = "http://test/api/bundles") =>
      readUpload(
        new Request(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" }),
      );
    await expect(raw({ "x-file-name": "%E0%A4%A" })).rejects.toMatchObject({
      status: 400,
      details: { issues: [{ path: "headers.x-file-name", message: "not valid percent-encoding" }] },
    });
    await expect(raw({ "x-file-name": "a%00b.json" })).rejects.toMatchObject({
      status: 400,
      details: { issues: [{ path: "headers.x-file-name" }] },
    });
    expect((await raw({}, "http://test/api/bundles?name=%25")).fileName).toBe("%");
  });

  it("answers a located 400 for multipart without a boundary or cut off mid-part", async () => {
    const noBoundary = new Request("http://test/api/bundles", {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "x",
    });
    await expect(readUpload(noBoundary)).rejects.toMatchObject({
      status: 400,
      details: { issues: [{ path: "body" }] },
    });
    const boundary = "b0undary";
    const cut = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.json"',
      "",
      '{"half": ',
    ].join("\r\n");
    const upload = await readUpload(
      new Request("http://test/api/bundles", {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        body: cut,
      }),
    );
    await expect(text(upload.chunks)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("malformed multipart body"),
    });
  });
});

describe("readUpload: the Inspect scorer", () => {
  it("takes a multipart field `scorer` sent before the file, or ?scorer= on a raw body", async () => {
    const boundary = "----b0undary";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="scorer"',
      "",
      "judge",
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="x.eval"',
      "Content-Type: application/octet-stream",
      "",
      "PK",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const multipart = await readUpload(
      new Request("http://test/api/bundles", {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        body,
      }),
    );
    expect(multipart.scorer).toBe("judge");
    expect(await text(multipart.chunks)).toBe("PK");
    const raw = await readUpload(
      new Request("http://test/api/bundles?scorer=match", {
        method: "POST",
        headers: { "content-type": "application/zip" },
        body: "PK",
      }),
    );
    expect(raw.scorer).toBe("match");
    const none = await readUpload(
      new Request("http://test/api/bundles", {
        method: "POST",
        headers: { "content-type": "application/zip" },
        body: "PK",
      }),
    );
    expect(none.scorer).toBeUndefined();
  });
});
