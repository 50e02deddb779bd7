"use client";

import type { Table } from "@tanstack/react-table";
import type { TableLeaderboardRow } from "@/lib/presenters/leaderboard-rows";

/** Selects or clears every run of the current page; selections on other pages stay. */
export function SelectColumnHeader({ table }: { table: Table<TableLeaderboardRow> }) {
  return (
    <input
      type="checkbox"
      aria-label="Select all runs on this page"
      checked={table.getIsAllPageRowsSelected()}
      ref={(input) => {
        if (input) input.indeterminate = table.getIsSomePageRowsSelected();
      }}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}
