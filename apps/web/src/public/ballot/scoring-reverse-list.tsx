import { formatScore, type BallotOption } from './scoring-ballot-model';
import { ScoringChoiceGroup } from './scoring-choice-group';

export interface ScoringReverseListProps {
  idPrefix: string;
  items: readonly { id: string; description: string }[];
  options: readonly BallotOption[];
  values: Record<string, string>;
  /** undefined removes the mark. */
  onChange: (itemId: string, value: string | undefined) => void;
  readOnly: boolean;
  showScores: boolean;
}

/**
 * Problems the voter may mark; all optional. With one option (the usual '存在') each problem is a
 * checkbox; with several (e.g. 较轻/严重) each is a radio group whose first choice means "none".
 */
export function ScoringReverseList({
  idPrefix,
  items,
  options,
  values,
  onChange,
  readOnly,
  showScores,
}: ScoringReverseListProps) {
  const [only] = options;
  if (options.length === 1 && only) {
    return (
      <ul className="kp-sb-reverse">
        {items.map((item) => {
          const checked = values[item.id] === only.value;
          return (
            <li key={item.id}>
              <label className={`kp-sb-check${checked ? ' kp-sb-check-on' : ''}`}>
                <input
                  type="checkbox"
                  className="kp-sb-input"
                  checked={checked}
                  disabled={readOnly}
                  onChange={(e) => {
                    if (!readOnly) onChange(item.id, e.target.checked ? only.value : undefined);
                  }}
                />
                <span className="kp-sb-box" aria-hidden="true" />
                <span className="kp-sb-check-text">{item.description}</span>
                <span className="kp-sb-check-state">
                  <span aria-hidden="true">{checked ? only.label : ''}</span>
                  {showScores && <small> {formatScore(only.score)}分</small>}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <ul className="kp-sb-reverse">
      {items.map((item, i) => {
        const labelId = `${idPrefix}-rev-${i}`;
        return (
          <li key={item.id} className="kp-sb-reverse-multi">
            <div className="kp-sb-item-name" id={labelId}>
              {item.description}
            </div>
            <ScoringChoiceGroup
              name={`${idPrefix}-rev-${i}`}
              labelledBy={labelId}
              options={options}
              value={values[item.id]}
              onChange={(v) => onChange(item.id, v === '' ? undefined : v)}
              readOnly={readOnly}
              showScores={showScores}
              noneLabel="无此问题"
            />
          </li>
        );
      })}
    </ul>
  );
}
