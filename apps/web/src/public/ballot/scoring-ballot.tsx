import { useId } from 'react';
import {
  formatTenths,
  scoringProgress,
  withItem,
  withOverall,
  withReverse,
  type ScoringAnswers,
  type ScoringFormSchema,
} from './scoring-ballot-model';
import { ScoringChoiceGroup } from './scoring-choice-group';
import { ScoringItemMatrix } from './scoring-item-matrix';
import { ScoringReverseList } from './scoring-reverse-list';
import './scoring-ballot.css';
import './scoring-ballot-extras.css';
import './scoring-ballot-wide.css';

export interface ScoringBallotProps {
  /** form_schema of a company or person poll (already parsed). */
  schema: ScoringFormSchema;
  /** The answers for this one target; start from emptyScoringAnswers(). */
  value: ScoringAnswers;
  onChange?: (next: ScoringAnswers) => void;
  /** Shows the answers without letting them change (receipts, previews). */
  readOnly?: boolean;
  /** Who or what is assessed: '某某公司', '张三'. */
  targetName: string;
  /** Second line of the heading: the target's position, e.g. '党委书记、董事长'. */
  targetTitle?: string;
  /** Line above the heading, e.g. the poll title '领导班子民主测评表'. */
  pollTitle?: string;
  description?: string;
  /** Shows each option's score (the admin preview); voters normally see only the total. */
  showScores?: boolean;
  /** Marks unanswered required questions (set it after a submit attempt). */
  showMissing?: boolean;
  /** Heading level of the target name, so the ballot fits the page outline (default 2). */
  headingLevel?: 2 | 3;
}

/**
 * The scoring ballot for one target: overall choice, item matrix, reverse checklist and the running
 * total. Controlled: every choice calls onChange with a new answers object.
 */
export function ScoringBallot({
  schema,
  value,
  onChange,
  readOnly = false,
  targetName,
  targetTitle,
  pollTitle,
  description,
  showScores = false,
  showMissing = false,
  headingLevel = 2,
}: ScoringBallotProps) {
  const uid = useId().replace(/:/g, '');
  const [overall, itemGroup] = schema.evaluationGroups;
  const reverse = schema.reverseEvaluation;
  const progress = scoringProgress(schema, value);
  const locked = readOnly || !onChange;
  const update = (next: ScoringAnswers) => {
    if (!locked) onChange?.(next);
  };
  const Heading = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h4';
  const missing = new Set(showMissing ? progress.missingItems : []);

  return (
    <article className={`kp-sb${locked ? ' kp-sb-readonly' : ''}`} aria-labelledby={`${uid}-h`}>
      <header className="kp-sb-header">
        {pollTitle && <p className="kp-sb-poll-title">{pollTitle}</p>}
        <Heading className="kp-sb-target" id={`${uid}-h`}>
          {targetName}
          {targetTitle && <span className="kp-sb-target-title">{targetTitle}</span>}
        </Heading>
        {description && <p className="kp-sb-desc">{description}</p>}
      </header>

      <section className="kp-sb-section" aria-labelledby={`${uid}-overall`}>
        <Sub className="kp-sb-section-title" id={`${uid}-overall`}>
          {overall.title || '总体评价'}
          {showMissing && progress.overallMissing && <span className="kp-sb-missing-text">（请选择）</span>}
        </Sub>
        <ScoringChoiceGroup
          name={`${uid}-overall`}
          labelledBy={`${uid}-overall`}
          options={overall.options}
          value={value.overall}
          onChange={(v) => update(withOverall(value, v))}
          readOnly={locked}
          showScores={showScores}
          invalid={showMissing && progress.overallMissing}
        />
      </section>

      {itemGroup.items.length > 0 && (
        <section className="kp-sb-section" aria-labelledby={`${uid}-items`}>
          <Sub className="kp-sb-section-title" id={`${uid}-items`}>
            {itemGroup.title || '分项评价'}
            <span className="kp-sb-hint">请对每一项作出选择</span>
          </Sub>
          <ScoringItemMatrix
            idPrefix={uid}
            items={itemGroup.items}
            options={itemGroup.options}
            values={value.items}
            onChange={(id, v) => update(withItem(value, id, v))}
            readOnly={locked}
            showScores={showScores}
            missing={missing}
          />
        </section>
      )}

      {reverse.items.length > 0 && reverse.options.length > 0 && (
        <section className="kp-sb-section" aria-labelledby={`${uid}-reverse`}>
          <Sub className="kp-sb-section-title" id={`${uid}-reverse`}>
            {reverse.title || '反向测评'}
            <span className="kp-sb-hint">
              {reverse.options.length === 1
                ? '如存在以下问题请勾选，可多选，可不选'
                : '如存在以下问题请选择，可不选'}
            </span>
          </Sub>
          <ScoringReverseList
            idPrefix={uid}
            items={reverse.items}
            options={reverse.options}
            values={value.reverse}
            onChange={(id, v) => update(withReverse(value, id, v))}
            readOnly={locked}
            showScores={showScores}
          />
        </section>
      )}

      <footer className="kp-sb-total" role="status">
        <span className="kp-sb-total-label">{locked ? '得分' : '当前得分'}</span>
        <strong className="kp-sb-total-value">{formatTenths(progress.totalTenths)}</strong>
        <span className="kp-sb-total-unit">分</span>
        <span className="kp-sb-total-best">满分 {formatTenths(progress.bestTenths)}</span>
        <span className="kp-sb-total-progress">
          已选 {progress.answered}/{progress.required} 项
        </span>
      </footer>
    </article>
  );
}
