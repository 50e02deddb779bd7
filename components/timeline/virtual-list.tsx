"use client";

/* eslint-disable react-hooks/refs -- measured row heights live in a ref that a ResizeObserver writes outside
   rendering; a `version` state counter tells React when to read them again (see `offsets`). */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";

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
  /** Pixels drawn above and below the visible area. */
  overscan?: number;
}

/** Hard cap on drawn rows, whatever the estimates say, so the DOM stays bounded. */
const MAX_RENDERED = 120;

function findFirstAtOrAfter(offsets: Float64Array, value: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid + 1] ?? Infinity) <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Windowed list with measured row heights: only the rows near the visible part of its
 * scroll box are in the DOM. Heights start as estimates and are replaced by measurements.
 */
export function VirtualList<T>({
  items,
  getKey,
  estimateHeight,
  renderItem,
  className,
  label,
  scrollTarget,
  overscan = 600,
}: VirtualListProps<T>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const measured = useRef(new Map<string, number>());
  const [version, setVersion] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);
  const frame = useRef<number | null>(null);

  // Measured heights live in a ref (a ResizeObserver writes them outside rendering); `version` is the signal that they
  // changed, so the offsets are recomputed from the ref whenever it moves.
  const offsets = useMemo(() => {
    const result = new Float64Array(items.length + 1);
    items.forEach((item, index) => {
      result[index + 1] = (result[index] ?? 0) + (measured.current.get(getKey(item)) ?? estimateHeight(item));
    });
    return result;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the measurement signal
  }, [items, getKey, estimateHeight, version]);

  const observer = useMemo(() => {
    if (typeof ResizeObserver === "undefined") return null;
    return new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const key = (entry.target as HTMLElement).dataset.key;
        const height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
        if (key && height > 0 && measured.current.get(key) !== height) {
          measured.current.set(key, height);
          changed = true;
        }
      }
      if (changed && frame.current === null) {
        frame.current = requestAnimationFrame(() => {
          frame.current = null;
          setVersion((value) => value + 1);
        });
      }
    });
  }, []);

  useEffect(() => () => observer?.disconnect(), [observer]);

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    setViewport(container.clientHeight);
    const resize = new ResizeObserver(() => setViewport(container.clientHeight));
    resize.observe(container);
    return () => resize.disconnect();
  }, []);

  // A jump stays pending while the rows it brings into the window are measured: each measurement moves the
  // target's offset, so the view is re-aligned until the user scrolls or a moment has passed.
  const pending = useRef<{ index: number; until: number } | null>(null);
  const cancelPending = useCallback(() => {
    pending.current = null;
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !scrollTarget) return;
    pending.current = { index: scrollTarget.index, until: Date.now() + 1500 };
    container.scrollTop = offsets[scrollTarget.index] ?? 0;
    // The list itself may be off screen (a link from the verdict panel): bring it into view too.
    if (typeof container.scrollIntoView === "function") container.scrollIntoView({ block: "nearest" });
    // Only a new target starts a jump; the layout effect below follows the measurements.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- offsets change with every measurement, which must not re-jump
  }, [scrollTarget]);

  useLayoutEffect(() => {
    const container = containerRef.current;
    const target = pending.current;
    if (!container || !target) return;
    if (Date.now() > target.until) {
      pending.current = null;
      return;
    }
    const top = offsets[target.index] ?? 0;
    if (Math.abs(container.scrollTop - top) > 1) container.scrollTop = top;
  }, [offsets]);

  const measure = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !observer) return;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  const start = findFirstAtOrAfter(offsets, Math.max(0, scrollTop - overscan));
  const bottom = scrollTop + viewport + overscan;
  let end = start;
  while (end < items.length && (offsets[end] ?? 0) < bottom && end - start < MAX_RENDERED) end += 1;
  const total = offsets[items.length] ?? 0;

  return (
    <div
      ref={containerRef}
      className={className}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onWheel={cancelPending}
      onPointerDown={cancelPending}
      onTouchStart={cancelPending}
      onKeyDown={cancelPending}
      role="list"
      aria-label={label}
      tabIndex={0}
    >
      <div style={{ height: total, position: "relative" }}>
        <div
          style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${offsets[start] ?? 0}px)` }}
        >
          {items.slice(start, end).map((item, offset) => {
            const key = getKey(item);
            return (
              <div key={key} data-key={key} ref={measure} role="listitem">
                {renderItem(item, start + offset)}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
