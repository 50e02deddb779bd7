"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useRef, type ReactNode } from "react";

export interface ScrollTarget {
  index: number;
  /** Changes on every request so the same index can be scrolled to twice. */
  nonce: number;
}

interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  estimateHeight: (item: T) => number;
  renderItem: (item: T, index: number) => ReactNode;
  className?: string;
  label: string;
  scrollTarget?: ScrollTarget | null;
  /** Rows drawn above and below the visible area. */
  overscan?: number;
}

/** The box assumed before it is measured (server render, first paint), so the first rows are there at once. */
const INITIAL_RECT = { width: 0, height: 800 };

/**
 * Windowed list with measured row heights (TanStack Virtual): only the rows near the visible part of its scroll box
 * are in the DOM. Heights start as estimates and are replaced by measurements, kept by row key.
 */
export function VirtualList<T>({
  items,
  getKey,
  estimateHeight,
  renderItem,
  className,
  label,
  scrollTarget,
  overscan = 10,
}: VirtualListProps<T>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const estimateSize = useCallback((index: number) => estimateHeight(items[index] as T), [items, estimateHeight]);
  const getItemKey = useCallback((index: number) => getKey(items[index] as T), [items, getKey]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns functions the React Compiler cannot memoize; this component is left uncompiled
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => containerRef.current,
    estimateSize,
    getItemKey,
    overscan,
    initialRect: INITIAL_RECT,
  });

  // The virtualizer keeps a jump aligned while the rows it brings in are measured, and drops it when the user scrolls.
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !scrollTarget) return;
    virtualizer.scrollToIndex(scrollTarget.index, { align: "start" });
    // The list itself may be off screen (a link from the verdict panel): bring it into view too.
    if (typeof container.scrollIntoView === "function") container.scrollIntoView({ block: "nearest" });
  }, [scrollTarget, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  return (
    <div ref={containerRef} className={className} role="list" aria-label={label} tabIndex={0}>
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        <div
          style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${rows[0]?.start ?? 0}px)` }}
        >
          {rows.map((row) => (
            <div key={row.key} data-index={row.index} ref={virtualizer.measureElement} role="listitem">
              {renderItem(items[row.index] as T, row.index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
