"use client";

import { createContext, useContext } from "react";
import type { LeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import type { SelectedRun } from "./compare-bar";

/**
 * What the table (the page hands it to <Leaderboard> as a child, so it cannot take callbacks as props) shares with the
 * controls around it: the URL navigation (every setting is a URL change) and the selection, which survives paging and
 * filtering.
 */
export interface LeaderboardControls {
  navigate: (patch: Partial<LeaderboardQuery>) => void;
  selected: readonly SelectedRun[];
  /** Adds runs in the given order (the first selected is the comparison's baseline) or removes them. */
  setSelected: (runs: readonly SelectedRun[], on: boolean) => void;
}

export const LeaderboardControlsContext = createContext<LeaderboardControls | null>(null);

export function useLeaderboardControls(): LeaderboardControls {
  const controls = useContext(LeaderboardControlsContext);
  if (!controls) throw new Error("leaderboard controls used outside <Leaderboard>");
  return controls;
}
