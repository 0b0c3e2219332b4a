import { OPINION_CHOICES, orDash, type NewlyPromotedSubject } from './newly-promoted-form-model';

export interface NewlyPromotedSubjectRowProps {
  subject: NewlyPromotedSubject;
  index: number;
  /** Radio group name, unique per form instance. */
  name: string;
  chosen: string | undefined;
  onChoose: (opinion: string) => void;
  readOnly: boolean;
  missing: boolean;
}

/**
 * One subject: a table row on wide screens; on phones the CSS turns the same row into a card whose
 * cells carry their own labels (data-label), so there is one set of inputs for both layouts.
 */
export function NewlyPromotedSubjectRow({
  subject: s,
  index,
  name,
  chosen,
  onChoose,
  readOnly,
  missing,
}: NewlyPromotedSubjectRowProps) {
  return (
    <tr className={`kp-np-row${missing ? ' kp-np-row--missing' : ''}`} data-subject={s.id}>
      <td className="kp-np-no" data-label="序号">
        {index + 1}
      </td>
      <th scope="row" className="kp-np-name" data-label="姓名">
        {s.name}
        {missing && <span className="kp-np-missing">请选择评议意见</span>}
      </th>
      <td className="kp-np-birth" data-label="出生年月">
        {orDash(s.birth_date)}
      </td>
      <td data-label="原任职务">{orDash(s.previous_position)}</td>
      <td data-label="现任职务">{orDash(s.current_position)}</td>
      {OPINION_CHOICES.map((o) => (
        <td key={o} className="kp-np-opinion">
          <label className={`kp-np-choice${chosen === o ? ' is-checked' : ''}`}>
            <input
              type="radio"
              className="kp-np-input"
              name={name}
              value={o}
              checked={chosen === o}
              disabled={readOnly}
              aria-label={`${s.name}：${o}`}
              onChange={() => onChoose(o)}
            />
            <span className="kp-np-mark" aria-hidden="true" />
            <span className="kp-np-choice-text" aria-hidden="true">
              {o}
            </span>
          </label>
        </td>
      ))}
    </tr>
  );
}
