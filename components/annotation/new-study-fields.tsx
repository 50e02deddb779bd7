import { DEFAULT_DIMENSIONS } from "@/lib/presenters/study-rubric";

interface NewStudyFieldsProps {
  runs: { id: string; name: string; model: string; suite: string }[];
  suites: { id: string; name: string }[];
  users: { id: string; name: string; email: string; role: string }[];
  /** Open mode: the local admin, who may annotate without an account. */
  localAdmin: { id: string; name: string } | null;
  /** Opened from a run's Judges view: that run, a name and sampling chosen for it. */
  prefill: { runIds: string[]; name: string; sampleSize: number; sampling: string; why: string } | null;
}

/** Empty rows for annotators created with the study: room for the two a study needs, and one more. */
const NEW_ANNOTATOR_ROWS = [1, 2, 3];

/** The inputs of the new-study form (inside an ActionForm). */
export function NewStudyFields({ runs, suites, users, localAdmin, prefill }: NewStudyFieldsProps) {
  const chosenRuns = new Set(prefill?.runIds ?? []);
  return (
    <div className="grid-2">
      <section className="panel">
        <h2>Study</h2>
        <p>
          <label>
            Name
            <br />
            <input name="name" required maxLength={200} defaultValue={prefill?.name ?? ""} />
          </label>
        </p>
        <p>
          <label>
            Instructions
            <br />
            <textarea
              name="instructions"
              rows={5}
              cols={50}
              defaultValue="Read the whole conversation. Label whether the user's goal was completed and, if not, whether the agent or the user caused it; mark hallucinated tool results or user facts."
            />
          </label>
        </p>
        <fieldset>
          <legend>Runs to sample from</legend>
          {runs.length === 0 ? <p className="muted">No runs uploaded yet.</p> : null}
          {runs.map((run) => (
            <label key={run.id} style={{ display: "block" }}>
              <input type="checkbox" name="runIds" value={run.id} defaultChecked={chosenRuns.has(run.id)} /> {run.name}{" "}
              <span className="muted">
                ({run.model}, {run.suite})
              </span>
            </label>
          ))}
          <p>
            <label>
              or every run of a suite{" "}
              <select name="suiteId" defaultValue="">
                <option value="">(selected runs)</option>
                {suites.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          </p>
        </fieldset>
        <p>
          <label>
            Sample size{" "}
            <input
              name="sampleSize"
              type="number"
              min={1}
              max={5000}
              defaultValue={prefill?.sampleSize ?? 50}
              aria-describedby={prefill ? "sample-why" : undefined}
            />
          </label>
        </p>
        {prefill ? (
          <p id="sample-why" className="muted">
            {prefill.why}
          </p>
        ) : null}
        <p>
          <label>
            Sampling{" "}
            <select name="sampling" defaultValue={prefill?.sampling ?? "random"}>
              <option value="random">random</option>
              <option value="run">stratified by run</option>
              <option value="outcome">stratified by outcome</option>
              <option value="stop_reason">stratified by stop reason</option>
              <option value="turn_depth">stratified by turn depth (user turns 1-2, 3-4, 5+)</option>
            </select>
          </label>{" "}
          <label>
            Seed <input name="seed" type="number" min={0} defaultValue={1} />
          </label>
        </p>
      </section>
      <section className="panel">
        <h2>Annotators and rubric</h2>
        <p>
          <label>
            Annotators per item <input name="annotatorsPerItem" type="number" min={2} max={20} defaultValue={2} />
          </label>
        </p>
        <p id="why-two">
          At least two annotators: only the agreement between two people (inter-annotator agreement) shows whether the
          rubric is applied consistently, and so whether a judge that disagrees with the humans is wrong or the labels
          are noisy.
        </p>
        <fieldset aria-describedby="why-two">
          <legend>Annotators</legend>
          {localAdmin ? (
            <label style={{ display: "block" }}>
              <input type="checkbox" name="annotatorIds" value={localAdmin.id} /> {localAdmin.name}{" "}
              <span className="muted">(you, open mode: no account needed)</span>
            </label>
          ) : null}
          {users.length === 0 && !localAdmin ? (
            <p className="muted">No annotator accounts yet: create them below.</p>
          ) : null}
          {users.map((user) => (
            <label key={user.id} style={{ display: "block" }}>
              <input type="checkbox" name="annotatorIds" value={user.id} /> {user.name}{" "}
              <span className="muted">
                ({user.email}, {user.role})
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Create annotators</legend>
          <p className="muted">
            Each name filled in becomes an annotator account of this study. A blank email becomes one from the name
            (name@annotators.invalid). The password is generated and shown once, after the study is created.
          </p>
          {NEW_ANNOTATOR_ROWS.map((row) => (
            <p key={row} className="row">
              <label>
                New annotator {row} name <input name="newAnnotatorName" maxLength={200} autoComplete="off" />
              </label>{" "}
              <label>
                email (optional) <input name="newAnnotatorEmail" type="email" maxLength={200} autoComplete="off" />
              </label>
            </p>
          ))}
        </fieldset>
        <p>
          <label>
            <input type="checkbox" name="blind" defaultChecked /> Blind: annotators see neither the judge's labels nor
            each other's
          </label>
        </p>
        <fieldset>
          <legend>Rubric (seed 003 defaults)</legend>
          {DEFAULT_DIMENSIONS.map((d) => (
            <label key={d.key} style={{ display: "block" }}>
              <input type="checkbox" name="dimensions" value={d.key} defaultChecked /> {d.label}{" "}
              <span className="muted">
                {d.kind === "categorical" ? d.options.map((o) => o.label).join(" / ") : "free text"}
              </span>
            </label>
          ))}
          <label style={{ display: "block" }}>
            <input type="checkbox" name="errorTags" defaultChecked /> Per-turn error tags (turn, source agent/user/tool,
            severity)
          </label>
          <p>
            <label>
              Extra dimensions, one per line (<code>key: yes/no</code> or <code>key: a | b | c</code>)<br />
              <textarea name="extraDimensions" rows={3} cols={40} />
            </label>
          </p>
        </fieldset>
      </section>
    </div>
  );
}
