import { useId, type ReactNode } from 'react';

/** What the shell hands its control: the id its label names, and the invalid state and notes that describe it. */
export interface FieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldShellProps {
  label: string;
  /** the message under the control, in red; announced, and the control is marked invalid */
  error?: string | null | undefined;
  /** the help under the control when there is no error */
  hint?: string | undefined;
  /** a live note between the control and the message, describing the control too ("= R$ 1.500,00") */
  reading?: { text: string; testId: string } | null | undefined;
  className?: string | undefined;
  /** the control itself (and what belongs to it, a combobox's list), given its id and aria attributes */
  children: (control: FieldControl) => ReactNode;
}

/**
 * The frame of every form field: the label bound to the control, the control, then the error (or the hint) with the
 * control's aria-invalid and aria-describedby pointing at it.
 */
export function FieldShell({ label, error, hint, reading, className, children }: FieldShellProps) {
  const id = useId();
  const note = error || hint;
  const describedBy = [reading ? `${id}-reading` : null, note ? `${id}-note` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className={`fieldset ${className ?? ''}`}>
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
      {reading ? (
        <p
          id={`${id}-reading`}
          className="label whitespace-normal"
          data-testid={reading.testId}
          aria-live="polite"
        >
          {reading.text}
        </p>
      ) : null}
      {note ? (
        <p
          id={`${id}-note`}
          className={`label whitespace-normal ${error ? 'text-error' : ''}`}
          role={error ? 'alert' : undefined}
        >
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}
