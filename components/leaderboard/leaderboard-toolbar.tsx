"use client";

import { useEffect, useState } from "react";
import { METRIC_GROUPS, type MetricGroupId } from "@/lib/presenters/leaderboard-metrics";
import type { LeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import type { LeaderboardView } from "@/lib/presenters/leaderboard-rows";
import styles from "./leaderboard.module.css";

interface Props {
  query: LeaderboardQuery;
  facets: LeaderboardView["facets"];
  onChange: (patch: Partial<LeaderboardQuery>) => void;
}

const SEARCH_DELAY_MS = 300;

export function LeaderboardToolbar({ query, facets, onChange }: Props) {
  const [text, setText] = useState(query.q ?? "");
  useEffect(() => setText(query.q ?? ""), [query.q]);
  useEffect(() => {
    if (text.trim() === (query.q ?? "")) return;
    const timer = setTimeout(() => onChange({ q: text.trim() || undefined, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query.q, onChange]);

  const toggleGroup = (id: MetricGroupId, on: boolean) => {
    const next = on ? [...query.groups, id] : query.groups.filter((group) => group !== id);
    onChange({ groups: METRIC_GROUPS.map((g) => g.id).filter((g) => next.includes(g)) });
  };

  return (
    <div className={`panel ${styles.toolbar}`}>
      <label className={styles.field}>
        Search
        <input type="search" value={text} placeholder="model, run, suite…" onChange={(event) => setText(event.target.value)} />
      </label>
      <label className={styles.field}>
        Suite
        <select value={query.suite ?? ""} onChange={(event) => onChange({ suite: event.target.value || undefined, page: 1 })}>
          <option value="">All suites</option>
          {facets.suites.map((suite) => (
            <option key={suite.value} value={suite.value}>{suite.label}</option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Model family
        <select value={query.family ?? ""} onChange={(event) => onChange({ family: event.target.value || undefined, page: 1 })}>
          <option value="">All families</option>
          {facets.families.map((family) => (
            <option key={family} value={family}>{family}</option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Variant
        <select value={query.variant ?? ""} onChange={(event) => onChange({ variant: event.target.value || undefined, page: 1 })}>
          <option value="">All variants</option>
          {facets.variants.map((variant) => (
            <option key={variant} value={variant}>{variant}</option>
          ))}
        </select>
      </label>
      <fieldset className={styles.groups}>
        <legend className="muted">Column groups</legend>
        {METRIC_GROUPS.map((group) => (
          <label key={group.id}>
            <input type="checkbox" checked={query.groups.includes(group.id)} onChange={(event) => toggleGroup(group.id, event.target.checked)} /> {group.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
