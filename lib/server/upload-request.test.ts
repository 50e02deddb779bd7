import { describe, expect, it } from "vitest";
import { readUpload } from "./upload-request";

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString("utf8");
}

describe("readUpload", () => {
  it("keeps the case of a multipart boundary (browsers and Playwright use mixed case)", async () => {
    const boundary = "----WebKitFormBoundaryE9p87MuW032zQMyB";
    const body = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="b.json"\r\ncontent-type: application/json\r\n\r\n{"a":1}\r\n--${boundary}--\r\n`;
    const request = new Request("http://test/api/bundles", { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body });
    const upload = await readUpload(request);
    expect(upload.fileName).toBe("b.json");
    expect(await collect(upload.chunks)).toBe('{"a":1}');
  });
});
