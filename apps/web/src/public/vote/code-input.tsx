/**
 * A code typed by a voter (a 测评码 or a 回执码): one large field, described by the hint above it and, when
 * refused, by the message below it (announced). The code entry page and the receipt lookup share it.
 */
export function CodeInput(props: {
  inputId: string;
  hintId: string;
  errorId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength: number;
  error: string | undefined;
}) {
  const { inputId, hintId, errorId, error } = props;
  return (
    <>
      <label className="kp-visually-hidden" htmlFor={inputId}>
        {props.label}
      </label>
      <input
        id={inputId}
        className="kp-code-input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={props.maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      {error && (
        <p className="kp-code-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
