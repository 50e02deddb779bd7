"use client";

import { useEffect } from "react";

const MARK = "data-scroll-region";
const GENERIC = new Set(["DIV", "SPAN", "SECTION"]);

function isScrollable(element: HTMLElement): boolean {
  const overflowsX = element.scrollWidth > element.clientWidth + 1;
  const overflowsY = element.scrollHeight > element.clientHeight + 1;
  if (!overflowsX && !overflowsY) return false;
  const style = getComputedStyle(element);
  const scrolls = (overflow: string) => overflow === "auto" || overflow === "scroll";
  return (overflowsX && scrolls(style.overflowX)) || (overflowsY && scrolls(style.overflowY));
}

function nameOf(element: HTMLElement): string {
  const named = element.getAttribute("aria-label") ?? element.querySelector("[aria-label]")?.getAttribute("aria-label");
  const heading = element.querySelector("caption, h2, h3, th")?.textContent?.trim();
  return `${named ?? heading ?? "Content"} (scrollable)`;
}

/**
 * Whatever scrolls inside the page (a table wider than a 390 px screen, a long log) can be reached and scrolled
 * by keyboard: such a container with nothing focusable of its own gets tabIndex 0, role region and a name
 * (WCAG 2.1.1; axe scrollable-region-focusable). Which containers overflow depends on the data and the width,
 * so it is decided in the browser, again when the page changes or the window is resized.
 */
export function ScrollRegions() {
  useEffect(() => {
    let frame = 0;
    const apply = () => {
      frame = 0;
      for (const element of document.querySelectorAll<HTMLElement>("main *")) {
        if (element.hasAttribute("tabindex") && !element.hasAttribute(MARK)) continue;
        if (!isScrollable(element)) {
          if (element.hasAttribute(MARK)) {
            element.removeAttribute("tabindex");
            element.removeAttribute(MARK);
          }
          continue;
        }
        if (element.hasAttribute(MARK)) continue;
        element.setAttribute(MARK, "");
        element.tabIndex = 0;
        // A generic box becomes a named region; a table, list or pre keeps its own role (and name).
        if (GENERIC.has(element.tagName) && !element.getAttribute("role")) {
          element.setAttribute("role", "region");
          if (!element.getAttribute("aria-label") && !element.getAttribute("aria-labelledby"))
            element.setAttribute("aria-label", nameOf(element));
        }
      }
      document.body.dataset.scrollRegions = "ready";
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(apply);
    };
    apply();
    const observer = new MutationObserver(schedule);
    const main = document.querySelector("main");
    if (main) observer.observe(main, { childList: true, subtree: true });
    window.addEventListener("resize", schedule);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
