import type { MetricCardGroup } from "@/lib/presenters/run-metric-cards";
import { MissingFamilyLine } from "./missing-family-line";
import styles from "./metric-card-groups.module.css";

export function MetricCardGroups({ groups }: { groups: MetricCardGroup[] }) {
  return (
    <div className={styles.groups}>
      {groups.map((group) =>
        group.missing ? (
          <section key={group.key} aria-label={group.title} className="panel">
            <MissingFamilyLine family={group.missing} />
          </section>
        ) : (
          <section key={group.key} aria-label={group.title} className="panel">
            <h2 className={styles.title}>{group.title}</h2>
            <p className="muted">{group.description}</p>
            <div className={styles.cards}>
              {group.cards.map((card) => (
                <div key={card.key} className={styles.card} title={card.hint} data-metric={card.key}>
                  <div className={styles.label}>{card.label}</div>
                  <div className={styles.value}>{card.value}</div>
                  {card.fraction ? <div className="muted">{card.fraction}</div> : null}
                  {card.uncertainty ? <div className={styles.uncertainty}>{card.uncertainty}</div> : null}
                  {card.note ? <p className={styles.note}>{card.note}</p> : null}
                </div>
              ))}
            </div>
          </section>
        ),
      )}
    </div>
  );
}
