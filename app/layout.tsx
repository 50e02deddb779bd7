import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Loopscope",
  description: "Gold-history scores beside closed-loop workflow outcomes for tool-calling agents",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="top">
          <Link href="/" className="brand">Loopscope</Link>
          <nav aria-label="Main">
            <Link href="/runs">Runs</Link>
            <Link href="/upload">Upload</Link>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
