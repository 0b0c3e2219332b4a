import { formatScore, type BallotOption } from './scoring-ballot-model';
import { ScoringChoiceGroup } from './scoring-choice-group';

export interface ScoringItemMatrixProps {
  idPrefix: string;
  items: readonly { id: string; name: string }[];
  options: readonly BallotOption[];
  values: Record<string, string>;
  onChange: (itemId: string, value: string) => void;
  readOnly: boolean;
  showScores: boolean;
  /** Ids of items to mark as unanswered. */
  missing: ReadonlySet<string>;
}

/**
 * Items × options. Wide: a table-like grid with the option names as column heads (like the paper
 * form); narrow (phones): one card per item with labelled pills. Both are the same radio groups.
 */
export function ScoringItemMatrix({
  idPrefix,
  items,
  options,
  values,
  onChange,
  readOnly,
  showScores,
  missing,
}: ScoringItemMatrixProps) {
  const cols = { '--kp-sb-cols': options.length } as React.CSSProperties;
  return (
    <div className="kp-sb-matrix" style={cols}>
      <div className="kp-sb-matrix-head" aria-hidden="true">
        <span>评价项目</span>
        {options.map((o) => (
          <span key={o.value} className="kp-sb-matrix-col">
            {o.label}
            {showScores && <small>{formatScore(o.score)}分</small>}
          </span>
        ))}
      </div>
      {items.map((item, i) => {
        const labelId = `${idPrefix}-item-${i}`;
        const isMissing = missing.has(item.id);
        return (
          <div key={item.id} className={`kp-sb-matrix-row${isMissing ? ' kp-sb-missing' : ''}`}>
            <div className="kp-sb-item-name" id={labelId}>
              <span className="kp-sb-item-no" aria-hidden="true">
                {i + 1}
              </span>
              {item.name}
              {isMissing && <span className="kp-sb-missing-text">（请选择）</span>}
            </div>
            <ScoringChoiceGroup
              name={`${idPrefix}-item-${i}`}
              labelledBy={labelId}
              options={options}
              value={values[item.id]}
              onChange={(v) => onChange(item.id, v)}
              readOnly={readOnly}
              showScores={showScores}
              invalid={isMissing}
              layout="matrix"
            />
          </div>
        );
      })}
    </div>
  );
}
