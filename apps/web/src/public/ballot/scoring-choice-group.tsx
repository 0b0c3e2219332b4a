import { formatScore, type BallotOption } from './scoring-ballot-model';

export interface ScoringChoiceGroupProps {
  /** Shared `name` of the radios: the browser then moves between them with the arrow keys. */
  name: string;
  /** Id of the visible text that names the group (read out by screen readers). */
  labelledBy: string;
  options: readonly BallotOption[];
  /** Chosen option value; '' or undefined when none. */
  value: string | undefined;
  onChange: (value: string) => void;
  readOnly?: boolean;
  showScores?: boolean;
  /** Marks the group as still to be answered (after a failed submit). */
  invalid?: boolean;
  /** 'matrix' lines the options up under column headings on wide screens. */
  layout?: 'pills' | 'matrix';
  /** An extra first choice meaning "none" (reverse items with several options). */
  noneLabel?: string;
}

/** One single-choice question as native radio inputs styled as pills: choosing replaces. */
export function ScoringChoiceGroup({
  name,
  labelledBy,
  options,
  value,
  onChange,
  readOnly = false,
  showScores = false,
  invalid = false,
  layout = 'pills',
  noneLabel,
}: ScoringChoiceGroupProps) {
  const choices: { key: string; label: string; value: string; score?: number }[] = options.map((o) => ({
    key: `o-${o.value}`,
    label: o.label,
    value: o.value,
    score: o.score,
  }));
  if (noneLabel !== undefined) choices.unshift({ key: 'none', label: noneLabel, value: '' });
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      className={`kp-sb-choices kp-sb-choices-${layout}`}
      style={{ '--kp-sb-cols': choices.length } as React.CSSProperties}
    >
      {choices.map((c) => (
        <label key={c.key} className="kp-sb-opt">
          <input
            type="radio"
            className="kp-sb-input"
            name={name}
            value={c.value}
            checked={(value ?? '') === c.value}
            disabled={readOnly}
            onChange={() => {
              if (!readOnly) onChange(c.value);
            }}
          />
          <span className="kp-sb-pill">
            <span className="kp-sb-mark" aria-hidden="true" />
            <span className="kp-sb-opt-label">{c.label}</span>
            {showScores && c.score !== undefined && (
              <span className="kp-sb-opt-score">{formatScore(c.score)}分</span>
            )}
          </span>
        </label>
      ))}
    </div>
  );
}
