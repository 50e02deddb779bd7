"use client";

import { useRouter } from "next/navigation";
import { useCallback, useTransition } from "react";
import { buildLeaderboardHref, type LeaderboardQuery } from "@/lib/presenters/leaderboard-query";

/** Every leaderboard setting is a URL change; the server re-renders the page for the new query. */
export function useLeaderboardNavigation(query: LeaderboardQuery): {
  navigate: (patch: Partial<LeaderboardQuery>) => void;
  pending: boolean;
} {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const navigate = useCallback(
    (patch: Partial<LeaderboardQuery>) => {
      startTransition(() => router.replace(buildLeaderboardHref(query, patch), { scroll: false }));
    },
    [query, router],
  );
  return { navigate, pending };
}
