import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { signOutAction } from "./auth-actions";
import { ScrollRegions } from "@/components/scroll-regions";
import { resolveSessionActor } from "@/lib/server/auth/resolve-actor";
import { allows } from "@/lib/server/auth/roles";
import "./globals.css";

export const metadata: Metadata = {
  title: "Loopscope",
  description: "Gold-history scores beside closed-loop workflow outcomes for tool-calling agents",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const actor = await resolveSessionActor(await headers()).catch(() => null);
  return (
    <html lang="en">
      <body>
        <header className="top">
          <Link href="/runs" className="brand">
            Loopscope
          </Link>
          <nav aria-label="Main">
            <Link href="/runs">Runs</Link>
            <Link href="/experiments">Experiments</Link>
            <Link href="/search">Search</Link>
            {actor && allows(actor, "annotate") ? <Link href="/studies">Studies</Link> : null}
            {actor && allows(actor, "upload") ? <Link href="/upload">Upload</Link> : null}
            {actor && allows(actor, "admin") ? <Link href="/admin/users">Users</Link> : null}
            {actor && allows(actor, "admin") ? <Link href="/admin/audit">Audit</Link> : null}
          </nav>
          {actor?.kind === "session" ? (
            <form action={signOutAction} className="row">
              <Link href="/account">
                {actor.name} · {actor.role}
              </Link>
              <button type="submit">Sign out</button>
            </form>
          ) : actor ? (
            // Open mode: everyone acts as the local admin, so "Sign in" beside it read as a contradiction; the
            // account page says sign-in is optional here and links to it (for annotators' accounts).
            <Link href="/account">local admin</Link>
          ) : (
            <Link href="/signin">Sign in</Link>
          )}
        </header>
        <main>{children}</main>
        <ScrollRegions />
      </body>
    </html>
  );
}
