"use client";

import { useEffect, useState } from "react";
import { METRIC_GROUPS, type MetricGroupId } from "@/lib/presenters/leaderboard-metrics";
import type { LeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import type { LeaderboardView } from "@/lib/presenters/leaderboard-rows";
import styles from "./leaderboard.module.css";

interface Props {
  query: LeaderboardQuery;
  facets: LeaderboardView["facets"];
  /** The groups shown (the URL's choice or those with data). */
  groups: MetricGroupId[];
  /** Groups some listed run has data for; the others are shown disabled. */
  groupsWithData: MetricGroupId[];
  onChange: (patch: Partial<LeaderboardQuery>) => void;
}

const SEARCH_DELAY_MS = 300;

export function LeaderboardToolbar({ query, facets, groups, groupsWithData, onChange }: Props) {
  const [text, setText] = useState(query.q ?? "");
  // The box follows a search the URL changed (back button, a link): adjusted while rendering, not in an effect.
  const [shownQuery, setShownQuery] = useState(query.q);
  if (shownQuery !== query.q) {
    setShownQuery(query.q);
    setText(query.q ?? "");
  }
  useEffect(() => {
    if (text.trim() === (query.q ?? "")) return;
    const timer = setTimeout(() => onChange({ q: text.trim() || undefined, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query.q, onChange]);

  // Controls answer at once; the URL (and so the table) follows when the server has re-rendered.
  const fromUrl = {
    suite: query.suite,
    family: query.family,
    variant: query.variant,
    tag: query.tag,
    groups,
    minTasks: query.minTasks,
  };
  const urlKey = JSON.stringify(fromUrl);
  const [shown, setShown] = useState(fromUrl);
  const [shownKey, setShownKey] = useState(urlKey);
  if (shownKey !== urlKey) {
    setShownKey(urlKey);
    setShown(fromUrl);
  }

  const change = (patch: Partial<typeof fromUrl>) => {
    const next = { ...shown, ...patch };
    setShown(next);
    // The shown groups go into the URL only when toggled: copied along with a filter, the groups of all suites
    // would stay on for a suite without data for them.
    onChange({ ...next, groups: patch.groups ?? query.groups, page: 1 });
  };
  const toggleGroup = (id: MetricGroupId, on: boolean) => {
    const next = on ? [...shown.groups, id] : shown.groups.filter((group) => group !== id);
    change({ groups: METRIC_GROUPS.map((g) => g.id).filter((g) => next.includes(g)) });
  };

  return (
    <div className={`panel ${styles.toolbar}`}>
      <label className={styles.field}>
        Search
        <input
          type="search"
          value={text}
          placeholder="model, run, suite…"
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <label className={styles.field}>
        Suite
        <select value={shown.suite ?? ""} onChange={(event) => change({ suite: event.target.value || undefined })}>
          <option value="">All suites</option>
          {facets.suites.map((suite) => (
            <option key={suite.value} value={suite.value}>
              {suite.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Model family
        <select value={shown.family ?? ""} onChange={(event) => change({ family: event.target.value || undefined })}>
          <option value="">All families</option>
          {facets.families.map((family) => (
            <option key={family} value={family}>
              {family}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Variant
        <select value={shown.variant ?? ""} onChange={(event) => change({ variant: event.target.value || undefined })}>
          <option value="">All variants</option>
          {facets.variants.map((variant) => (
            <option key={variant} value={variant}>
              {variant}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Tag
        <select
          value={shown.tag ? `${shown.tag.key}=${shown.tag.value}` : ""}
          onChange={(event) => {
            const text = event.target.value;
            const split = text.indexOf("=");
            change({ tag: split > 0 ? { key: text.slice(0, split), value: text.slice(split + 1) } : undefined });
          }}
        >
          <option value="">All tags</option>
          {facets.tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Minimum tasks
        <input
          type="number"
          min={0}
          className={styles.minTasks}
          value={shown.minTasks}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= 0) change({ minTasks: value });
          }}
        />
      </label>
      <fieldset className={styles.groups}>
        <legend className="muted">Column groups</legend>
        {METRIC_GROUPS.map((group) => (
          <label key={group.id}>
            <input
              type="checkbox"
              checked={shown.groups.includes(group.id)}
              disabled={!groupsWithData.includes(group.id)}
              onChange={(event) => toggleGroup(group.id, event.target.checked)}
            />{" "}
            {group.label}
            {groupsWithData.includes(group.id) ? null : <span className="muted"> (no data in these runs)</span>}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
