import { NextResponse, type NextRequest } from "next/server";
import { refusalOf } from "@/lib/server/proxy-checks";
import { pageContentSecurityPolicy } from "@/lib/server/security-headers";

/** Pages and server actions: refuse hostile requests cleanly, and give each page a CSP nonce. */
export function proxy(request: NextRequest) {
  const refusal = refusalOf(request.method, request.url, request.headers);
  if (refusal) return NextResponse.json({ error: refusal.error }, { status: refusal.status });
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  // Next reads the nonce from the request's policy and puts it on its own scripts.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // API routes do these checks in route(): a proxy in front of them would buffer upload bodies.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
