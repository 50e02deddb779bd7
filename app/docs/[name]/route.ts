import { readServedDoc } from "@/lib/server/read-doc";

/** GET /docs/bundle-format.md: the documents pages link to (what data fills a metric family), as plain text. */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const text = await readServedDoc(name);
  if (text === null) return new Response("not found\n", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(text, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
