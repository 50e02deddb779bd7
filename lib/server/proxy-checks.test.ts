import { describe, expect, it } from "vitest";
import { refusalOf } from "./proxy-checks";
import { pageContentSecurityPolicy } from "./security-headers";

const url = "http://127.0.0.1:3700/account";
const own = { host: "127.0.0.1:3700" };

describe("refusalOf (proxy in front of pages and server actions)", () => {
  it("refuses a server-action form posted from another origin or another port with 403", () => {
    expect(
      refusalOf("POST", url, new Headers({ ...own, origin: "http://127.0.0.1:9999", "next-action": "abc" })),
    ).toMatchObject({ status: 403 });
    expect(refusalOf("POST", url, new Headers({ ...own, origin: "https://evil.example" }))).toMatchObject({
      status: 403,
    });
    expect(refusalOf("POST", url, new Headers({ ...own, origin: "null" }))).toMatchObject({ status: 403 });
    expect(refusalOf("POST", url, new Headers({ ...own, "sec-fetch-site": "same-site" }))).toMatchObject({
      status: 403,
    });
  });

  it("lets same-origin posts and every GET through", () => {
    expect(
      refusalOf("POST", url, new Headers({ ...own, origin: "http://127.0.0.1:3700", "sec-fetch-site": "same-origin" })),
    ).toBeNull();
    expect(refusalOf("GET", url, new Headers({ ...own, origin: "https://evil.example" }))).toBeNull();
  });

  it("refuses an API token on a server action and a NUL in the URL", () => {
    expect(
      refusalOf("POST", url, new Headers({ ...own, authorization: "Bearer lsk_x", "next-action": "abc" })),
    ).toMatchObject({ status: 403, error: expect.stringContaining("API tokens work only on /api routes") });
    expect(refusalOf("GET", "http://127.0.0.1:3700/runs/%00", new Headers(own))).toMatchObject({ status: 400 });
    // A reverse proxy's Basic auth rides on every browser request: it is no API token.
    expect(
      refusalOf(
        "POST",
        url,
        new Headers({ ...own, authorization: "Basic dXNlcjpwYXNz", origin: "http://127.0.0.1:3700" }),
      ),
    ).toBeNull();
  });
});

describe("pageContentSecurityPolicy", () => {
  it("allows scripts only by nonce, forbids framing, and allows eval only in development", () => {
    const policy = pageContentSecurityPolicy("abc", false);
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(pageContentSecurityPolicy("abc", true)).toContain("'unsafe-eval'");
  });
});
