import { EVENT_ACTORS, EVENT_KINDS, SEARCH_OUTCOMES, SEARCH_QUERY_MAX } from "@/lib/presenters/search-query";

export interface SearchFormValues {
  q: string;
  suite?: string;
  run?: string;
  model?: string;
  kind?: string;
  actor?: string;
  outcome?: string;
  errored: boolean;
}

/** A plain GET form: every search is a shareable URL, and it works without client JavaScript. */
export function SearchForm({
  values,
  suites,
  models,
  runName,
}: {
  values: SearchFormValues;
  suites: { id: string; label: string }[];
  models: { id: string; name: string }[];
  runName: string | null;
}) {
  return (
    <form method="get" action="/search" role="search" aria-label="Search traces" className="panel">
      <div className="row">
        <label>
          Search{" "}
          <input
            type="search"
            name="q"
            defaultValue={values.q}
            maxLength={SEARCH_QUERY_MAX}
            size={48}
            placeholder='words, "a phrase", part of an id'
            autoFocus
          />
        </label>
        <button type="submit">Search</button>
      </div>
      <div className="row">
        {values.run ? (
          <label>
            Run{" "}
            <select name="run" defaultValue={values.run}>
              <option value={values.run}>{runName ?? values.run}</option>
              <option value="">any run</option>
            </select>
          </label>
        ) : null}
        <label>
          Suite{" "}
          <select name="suite" defaultValue={values.suite ?? ""}>
            <option value="">any</option>
            {suites.map((suite) => (
              <option key={suite.id} value={suite.id}>
                {suite.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Model{" "}
          <select name="model" defaultValue={values.model ?? ""}>
            <option value="">any</option>
            {models.map((model) => (
              <option key={model.id} value={model.id}>
                {model.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind{" "}
          <select name="kind" defaultValue={values.kind ?? ""}>
            <option value="">any</option>
            {EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind.replace("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label>
          Role{" "}
          <select name="actor" defaultValue={values.actor ?? ""}>
            <option value="">any</option>
            {EVENT_ACTORS.map((actor) => (
              <option key={actor} value={actor}>
                {actor}
              </option>
            ))}
          </select>
        </label>
        <label>
          Outcome{" "}
          <select name="outcome" defaultValue={values.outcome ?? ""}>
            <option value="">any</option>
            {SEARCH_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {outcome}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" name="errored" value="1" defaultChecked={values.errored} /> tool call errored
        </label>
      </div>
    </form>
  );
}
