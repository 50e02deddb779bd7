"use client";

import type { RefObject } from "react";
import type { Dimension, OptionShortcut } from "@/lib/presenters/study-rubric";
import styles from "./annotation.module.css";

interface RubricFieldsProps {
  dimensions: Dimension[];
  values: Record<string, string>;
  shortcuts: OptionShortcut[];
  disabled: boolean;
  onChange: (dimension: string, value: string) => void;
  textRefs: RefObject<Record<string, HTMLTextAreaElement | null>>;
  /** Labels of peers or the judge, shown only when the study is not blind. */
  reference: Record<string, string[]>;
}

export function RubricFields({
  dimensions,
  values,
  shortcuts,
  disabled,
  onChange,
  textRefs,
  reference,
}: RubricFieldsProps) {
  return (
    <>
      {dimensions.map((dimension) =>
        dimension.kind === "categorical" ? (
          <fieldset key={dimension.key} className={styles.dimension} disabled={disabled}>
            <legend>{dimension.label}</legend>
            {dimension.options.map((option) => {
              const key = shortcuts.find((s) => s.dimension === dimension.key && s.value === option.value)?.key;
              return (
                <label key={option.value} className={styles.option}>
                  <input
                    type="radio"
                    name={dimension.key}
                    value={option.value}
                    checked={values[dimension.key] === option.value}
                    onChange={() => onChange(dimension.key, option.value)}
                  />
                  {option.label} {key ? <kbd>{key}</kbd> : null}
                </label>
              );
            })}
            {reference[dimension.key]?.length ? <p className="muted">{reference[dimension.key]?.join(" · ")}</p> : null}
          </fieldset>
        ) : (
          <label key={dimension.key} className={styles.text}>
            {dimension.label}{" "}
            <kbd>{dimension.key === "comment" ? "c" : dimension.key === "failure_category" ? "f" : ""}</kbd>
            <textarea
              ref={(element) => {
                textRefs.current[dimension.key] = element;
              }}
              rows={dimension.key === "comment" ? 3 : 1}
              value={values[dimension.key] ?? ""}
              disabled={disabled}
              onChange={(event) => onChange(dimension.key, event.target.value)}
            />
          </label>
        ),
      )}
    </>
  );
}
